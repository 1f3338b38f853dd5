import type { CreateGameOfferPayload } from "@chess/shared";
import { CreateGameModal } from "../lobby/index.ts";

export interface ChallengeModalProps {
  friendName: string;
  /** Sends the challenge; the dialog closes at once and the friend's card shows the outcome. */
  onSend: (offer: CreateGameOfferPayload) => void;
  onClose: () => void;
}

/**
 * Challenge a friend (SPEC §2 Profile, §3 Friend challenge): the choices of Create Game (variant, a preset
 * or custom time control, the colour or jumpstart's handicap), sent to one friend.
 */
export function ChallengeModal({ friendName, onSend, onClose }: ChallengeModalProps) {
  return (
    <CreateGameModal
      title={`Challenge ${friendName}`}
      submitLabel="Send challenge"
      onClose={onClose}
      onCreate={async (offer) => {
        onSend(offer);
        return undefined;
      }}
    />
  );
}
