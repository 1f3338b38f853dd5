import { CLUB_DESCRIPTION_MAX, CLUB_NAME_MAX, JOIN_POLICIES, type JoinPolicy } from "@chess/shared";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { Modal } from "../../components/Modal.tsx";
import { TextField } from "../../components/TextField.tsx";
import { successMessage } from "../../lib/api.ts";
import { JOIN_POLICY_HINT, JOIN_POLICY_LABEL } from "./clubJoin.ts";
import { clubCreateError, nonBlank } from "./clubText.ts";
import "./clubModals.css";
import "./clubs.css";

/** SPEC §9: the dialog closes this long after a club was created. */
export const CREATE_CLUB_CLOSE_MS = 1_500;

export interface CreateClubModalProps {
  /** POST /club/create; rejects with ApiRequestError. */
  onCreate: (
    clubName: string,
    about: { joinPolicy: JoinPolicy; description: string },
  ) => Promise<{ clubId: number; successMsg?: string }>;
  /** The club exists: the caller refreshes the list and closes the dialog. */
  onCreated: (clubId: number) => void;
  onClose: () => void;
}

/**
 * "Create a club" (SPEC §2, §4): a name (Create is disabled while it is blank), who may join (open by
 * default, so that the club can be found) and what it is about.
 */
export function CreateClubModal({ onCreate, onCreated, onClose }: CreateClubModalProps) {
  const [name, setName] = useState("");
  const [joinPolicy, setJoinPolicy] = useState<JoinPolicy>("open");
  const [description, setDescription] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<{ clubId: number; message: string }>();

  useEffect(() => {
    if (!created) return;
    const t = setTimeout(() => onCreated(created.clubId), CREATE_CLUB_CLOSE_MS);
    return () => clearTimeout(t);
  }, [created, onCreated]);

  const clubName = nonBlank(name);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!clubName || busy || created) return;
    setBusy(true);
    setError(undefined);
    try {
      const answer = await onCreate(clubName, { joinPolicy, description: description.trim() });
      setCreated({ clubId: answer.clubId, message: successMessage(answer) });
    } catch (e) {
      setError(clubCreateError(e));
    } finally {
      setBusy(false);
    }
  }

  // Closing early still refreshes the list when the club was made.
  const close = () => (created ? onCreated(created.clubId) : onClose());

  return (
    <Modal title="Create a club" onClose={close}>
      <form className="club-form" onSubmit={submit} noValidate>
        <TextField
          label="Club name"
          value={name}
          maxLength={CLUB_NAME_MAX}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
          readOnly={created !== undefined}
        />
        <fieldset className="club-form__policies" disabled={created !== undefined}>
          <legend className="field__label">Who can join</legend>
          {JOIN_POLICIES.map((policy) => (
            <label key={policy} className="club-form__policy">
              <input
                type="radio"
                name="club-join-policy"
                value={policy}
                checked={joinPolicy === policy}
                onChange={() => setJoinPolicy(policy)}
              />
              <span>
                <span className="club-form__policy-name">{JOIN_POLICY_LABEL[policy]}</span>
                <span className="club-form__policy-hint">{JOIN_POLICY_HINT[policy]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor="club-description">
            Description <span className="club-form__optional">(optional)</span>
          </label>
          <textarea
            id="club-description"
            className="field__input club-form__description"
            value={description}
            maxLength={CLUB_DESCRIPTION_MAX}
            rows={3}
            placeholder="What the club is about: who it is for, when you play"
            onChange={(e) => setDescription(e.target.value)}
            readOnly={created !== undefined}
          />
        </div>
        {error ? (
          <p className="club-form__message club-form__message--error" role="alert">
            {error}
          </p>
        ) : null}
        {created ? (
          <p className="club-form__message club-form__message--ok" role="status">
            {created.message}
          </p>
        ) : null}
        <div className="club-form__actions">
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={!clubName || created !== undefined} busy={busy}>
            Create
          </Button>
        </div>
      </form>
    </Modal>
  );
}
