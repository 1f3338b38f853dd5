import type { Club, JoinPolicy } from "@chess/shared";
import { ConfirmModal } from "../../components/ConfirmModal.tsx";
import "./clubModals.css";
import "./clubs.css";

/** How a member who leaves can come back, by the club's joining rule. */
export const COME_BACK: Record<JoinPolicy, string> = {
  invite: "You will need a new invitation to come back.",
  request: "To come back you will need to ask again, and an administrator to accept.",
  open: "You can join again at any time from Find a club.",
};

/** "Confirm Leave Club" (SPEC §2): No, Stay / Yes, Leave. */
export function ConfirmLeaveModal({
  club,
  onConfirm,
  onClose,
}: {
  club: Club | undefined;
  onConfirm: () => unknown;
  onClose: () => void;
}) {
  return (
    <ConfirmModal
      title="Confirm Leave Club"
      confirmLabel="Yes, Leave"
      cancelLabel="No, Stay"
      danger
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>
        {club ? (
          <>
            Do you really want to leave <strong>{club.clubName}</strong>?
          </>
        ) : (
          "Do you really want to leave this club?"
        )}{" "}
        {COME_BACK[club?.joinPolicy ?? "invite"]}
      </p>
      {club?.isAdministrator ? (
        <p className="club-settings__muted">
          You are its administrator: the longest-standing member takes over, and a club with no other members is closed.
        </p>
      ) : null}
    </ConfirmModal>
  );
}
