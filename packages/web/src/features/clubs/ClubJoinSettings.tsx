import { type ClubJoinRequest, JOIN_POLICIES, type JoinPolicy } from "@chess/shared";
import { useCallback, useEffect, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { errorMessage, successMessage } from "../../lib/api.ts";
import { useRealtime } from "../../lib/realtime.ts";
import { JOIN_POLICY_LABEL } from "./clubJoin.ts";
import { useClubsApi } from "./useClubs.ts";

const POLICY_OPTIONS = JOIN_POLICIES.map((p) => ({ value: p, label: JOIN_POLICY_LABEL[p] }));

export interface ClubJoinSettingsProps {
  clubId: number;
  joinPolicy: JoinPolicy;
  /** The policy was saved: the club list shows the new one. */
  onPolicySaved: (joinPolicy: JoinPolicy) => void;
  /** A request was accepted: the members list grows. */
  onMemberAdded: () => void;
}

/** The administrator's half of joining: who may join, and the requests waiting for an answer. */
export function ClubJoinSettings({ clubId, joinPolicy, onPolicySaved, onMemberAdded }: ClubJoinSettingsProps) {
  const api = useClubsApi();
  const realtime = useRealtime();
  const [policy, setPolicy] = useState<JoinPolicy>(joinPolicy);
  const [requests, setRequests] = useState<ClubJoinRequest[] | null>(null);
  const [status, setStatus] = useState<{ text: string; ok: boolean }>();

  const load = useCallback(() => {
    api
      .joinRequests(clubId)
      .then(setRequests, (e: unknown) => setStatus({ text: errorMessage(undefined, e), ok: false }));
  }, [api, clubId]);

  useEffect(() => {
    load();
    return realtime.on("clubJoinRequested", (e) => {
      if (e.clubId === clubId) load();
    });
  }, [realtime, clubId, load]);

  async function choose(value: string) {
    const next = value as JoinPolicy;
    const before = policy;
    setPolicy(next);
    try {
      setStatus({ text: successMessage(await api.setJoinPolicy(clubId, next)), ok: true });
      onPolicySaved(next);
    } catch (e) {
      setPolicy(before);
      setStatus({ text: errorMessage(undefined, e), ok: false });
    }
  }

  async function answer(username: string, accept: boolean) {
    try {
      setStatus({ text: successMessage(await api.answerJoinRequest(clubId, username, accept)), ok: true });
      setRequests((rs) => rs?.filter((r) => r.username !== username) ?? rs);
      if (accept) onMemberAdded();
    } catch (e) {
      setStatus({ text: errorMessage(undefined, e), ok: false });
      load();
    }
  }

  return (
    <section className="club-settings__section" aria-labelledby="club-settings-joining">
      <h3 id="club-settings-joining" className="club-settings__heading">
        Joining
      </h3>
      <SelectField
        label="Who can join"
        value={policy}
        options={POLICY_OPTIONS}
        onChange={(v) => void choose(v)}
        hint={policy === "invite" ? "Invite-only clubs are not listed in Find a club." : undefined}
      />
      {status ? (
        <p
          className={`club-form__message club-form__message--${status.ok ? "ok" : "error"}`}
          role={status.ok ? "status" : "alert"}
        >
          {status.text}
        </p>
      ) : null}
      {requests && requests.length > 0 ? (
        <>
          {/* Said where the eye goes: a name with Accept and Decline under "Who can join" told no one what it was. */}
          <p className="club-settings__subheading" id="club-settings-requests">
            Requests to join ({requests.length})
          </p>
          <ul className="club-invitations" aria-labelledby="club-settings-requests">
            {requests.map((r) => (
              <li key={r.username} className="club-invitations__item">
                <span className="club-invitations__club">{r.username}</span>
                <span className="club-invitations__actions">
                  <Button
                    variant="primary"
                    aria-label={`Accept ${r.username}`}
                    onClick={() => void answer(r.username, true)}
                  >
                    Accept
                  </Button>
                  <Button aria-label={`Decline ${r.username}`} onClick={() => void answer(r.username, false)}>
                    Decline
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : policy === "request" && requests ? (
        <p className="club-settings__muted">No requests waiting.</p>
      ) : null}
    </section>
  );
}
