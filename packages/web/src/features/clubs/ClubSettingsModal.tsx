import type { ApiSuccess, Club, ClubMember } from "@chess/shared";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { Modal } from "../../components/Modal.tsx";
import { TextField } from "../../components/TextField.tsx";
import { errorMessage, successMessage } from "../../lib/api.ts";
import { ClubJoinSettings } from "./ClubJoinSettings.tsx";
import { nonBlank } from "./clubText.ts";
import "./clubModals.css";
import "./clubs.css";

/** SPEC §9: how long an invite outcome stays on screen. */
export const INVITE_MESSAGE_MS = 5_000;

export interface ClubSettingsModalProps {
  club: Club;
  /** The members, or null while loading. */
  members: ClubMember[] | null;
  membersError?: string | undefined;
  /** POST /club/invite; rejects with ApiRequestError. */
  onInvite: (username: string) => Promise<ApiSuccess | undefined>;
  /** Opens the leave confirmation. */
  onLeave: () => void;
  onClose: () => void;
  /** The administrator changed who may join, or accepted a request. */
  onJoinPolicySaved?: () => void;
  onMemberAdded?: () => void;
}

/** "Administer Club" for the administrator (invite, members, leave), "Club Details" for members (SPEC §2, §6). */
export function ClubSettingsModal({
  club,
  members,
  membersError,
  onInvite,
  onLeave,
  onClose,
  onJoinPolicySaved = () => {},
  onMemberAdded = () => {},
}: ClubSettingsModalProps) {
  const admin = club.isAdministrator;
  return (
    <Modal title={admin ? "Administer Club" : "Club Details"} onClose={onClose}>
      <div className="club-settings">
        <p className="club-settings__name">{club.clubName}</p>
        {admin ? <InviteForm onInvite={onInvite} /> : null}
        {admin ? (
          <ClubJoinSettings
            clubId={club.clubId}
            joinPolicy={club.joinPolicy ?? "invite"}
            onPolicySaved={onJoinPolicySaved}
            onMemberAdded={onMemberAdded}
          />
        ) : null}
        <section className="club-settings__section" aria-labelledby="club-settings-members">
          <h3 id="club-settings-members" className="club-settings__heading">
            Members{members ? ` (${members.length})` : ""}
          </h3>
          {membersError ? (
            <p className="club-form__message club-form__message--error" role="alert">
              {membersError}
            </p>
          ) : null}
          {members === null ? (
            <p className="club-settings__muted">Loading members…</p>
          ) : (
            <ul className="club-settings__members">
              {members.map((m) => (
                <li key={m.id} className="club-settings__member">
                  <span className="club-settings__member-name">{m.username}</span>
                  {m.role === "administrator" ? <span className="club-badge">Admin</span> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
        <div className="club-form__actions">
          <Button variant="danger" onClick={onLeave}>
            Leave Club
          </Button>
        </div>
      </div>
    </Modal>
  );
}

function InviteForm({ onInvite }: { onInvite: ClubSettingsModalProps["onInvite"] }) {
  const [username, setUsername] = useState("");
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; ok: boolean }>();

  useEffect(() => {
    if (!status) return;
    const t = setTimeout(() => setStatus(undefined), INVITE_MESSAGE_MS);
    return () => clearTimeout(t);
  }, [status]);

  const invitee = nonBlank(username);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!invitee || busy) return;
    setBusy(true);
    try {
      const answer = await onInvite(invitee);
      setStatus({ text: successMessage(answer), ok: true });
      setUsername("");
    } catch (error) {
      setStatus({ text: errorMessage(undefined, error), ok: false });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="club-form club-form--inline" onSubmit={submit} noValidate>
      <TextField
        className="club-form__grow"
        label="Invite by username"
        value={username}
        maxLength={64}
        autoComplete="off"
        onChange={(e) => setUsername(e.target.value)}
      />
      <Button type="submit" variant="primary" disabled={!invitee} busy={busy}>
        Invite
      </Button>
      {status ? (
        <p
          className={`club-form__message club-form__message--${status.ok ? "ok" : "error"} club-form__full`}
          role={status.ok ? "status" : "alert"}
        >
          {status.text}
        </p>
      ) : null}
    </form>
  );
}
