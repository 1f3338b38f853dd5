import type { ClubInvitation } from "@chess/shared";
import { useState } from "react";
import { Button } from "../../components/Button.tsx";
import { Modal } from "../../components/Modal.tsx";
import { errorMessage } from "../../lib/api.ts";
import "./clubModals.css";
import "./clubs.css";

export interface InvitationsModalProps {
  invitations: ClubInvitation[];
  /** POST /club/handle-invitation; rejects with the failure. */
  onAnswer: (invitation: ClubInvitation, accepted: boolean) => Promise<void>;
  onClose: () => void;
  /** How failures are announced; window.alert by default (SPEC §8). */
  alert?: (message: string) => void;
}

/** "Your club-invitations" (SPEC §2): accept or decline each; it closes on an accept or the last answer. */
export function InvitationsModal({
  invitations,
  onAnswer,
  onClose,
  alert = (m) => window.alert(m),
}: InvitationsModalProps) {
  const [busy, setBusy] = useState<number>();

  async function answer(invitation: ClubInvitation, accepted: boolean) {
    setBusy(invitation.clubId);
    try {
      await onAnswer(invitation, accepted);
    } catch (error) {
      alert(`Failed to ${accepted ? "accept" : "decline"} invite: ${errorMessage(undefined, error)}`);
      setBusy(undefined);
      return;
    }
    setBusy(undefined);
    // Accepted: the player goes to their new club. Declined: the box stays while others wait.
    if (accepted || invitations.length <= 1) onClose();
  }

  return (
    <Modal title="Your club-invitations" onClose={onClose}>
      {invitations.length === 0 ? (
        <p className="club-settings__muted">No pending invitations.</p>
      ) : (
        <ul className="club-invitations">
          {invitations.map((inv) => {
            const id = `club-invitation-${inv.clubId}`;
            return (
              <li key={inv.clubId} className="club-invitations__item">
                <div id={id} className="club-invitations__text">
                  <span className="club-invitations__club">{inv.clubName}</span>
                  <span className="club-settings__muted">invited by {inv.inviter}</span>
                </div>
                <div className="club-invitations__actions">
                  <Button
                    variant="primary"
                    aria-describedby={id}
                    busy={busy === inv.clubId}
                    disabled={busy !== undefined && busy !== inv.clubId}
                    onClick={() => answer(inv, true)}
                  >
                    Accept
                  </Button>
                  <Button aria-describedby={id} disabled={busy !== undefined} onClick={() => answer(inv, false)}>
                    Decline
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
