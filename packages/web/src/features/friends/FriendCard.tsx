import type { Friend } from "@chess/shared";
import { useId } from "react";
import { Link } from "react-router";
import { Button } from "../../components/Button.tsx";
import { CountBadge } from "../../components/CountBadge.tsx";
import { PresenceDot } from "../../components/PresenceDot.tsx";
import { shortDate } from "../../lib/dates.ts";
import { DailyChallengeButton } from "../daily/index.ts";
import { PlayerAvatar } from "../profile/index.ts";
import type { ChallengeState } from "./challengeStore.ts";
import { sameName } from "./friendsStore.ts";
import { unreadLabel } from "./unreadStore.ts";

export interface FriendCardProps {
  friend: Friend;
  /** Unread messages from this friend. */
  unread: number;
  challenge: ChallengeState;
  onChallenge: () => void;
  onCancelChallenge: () => void;
  onBlock: () => void;
}

/** One friend in the grid: name, presence, since when, and Message (with unread count) / Challenge / Block. */
export function FriendCard({ friend, unread, challenge, onChallenge, onCancelChallenge, onBlock }: FriendCardProps) {
  const nameId = useId();
  const name = friend.friendName;
  const pendingHere = challenge.pending !== null && sameName(challenge.pending.friendName, name);
  const notice = challenge.notice && sameName(challenge.notice.friendName, name) ? challenge.notice : null;
  return (
    <li className="friend-card" data-testid="friend-card" data-friend={name}>
      <div className="friend-card__top">
        <PlayerAvatar username={name} size="md" />
        <div className="friend-card__who">
          <Link id={nameId} className="friend-card__name" to={`/profile?username=${encodeURIComponent(name)}`}>
            {name}
          </Link>
          <span className="friend-card__presence">
            <PresenceDot online={friend.isActive} withWord />
          </span>
        </div>
      </div>
      <p className="friend-card__since">Friends since {shortDate(friend.friendSince)}</p>
      <div className="friend-card__actions">
        <Link
          className="btn btn--secondary friend-card__action"
          to={`/messages/${encodeURIComponent(name)}`}
          aria-label={unread > 0 ? `Message, ${unreadLabel(unread)}` : undefined}
          aria-describedby={nameId}
        >
          Message
          <CountBadge count={unread} label={unreadLabel(unread)} />
        </Link>
        <Button
          className="friend-card__action"
          aria-describedby={nameId}
          // A friend must be online to be challenged (SPEC §6); the dot is refreshed every 30 s.
          disabled={challenge.pending !== null || !friend.isActive}
          title={friend.isActive ? undefined : `${name} is offline`}
          onClick={onChallenge}
        >
          Challenge
        </Button>
        {/* A daily game waits for days: the friend may be offline. */}
        <DailyChallengeButton className="friend-card__action" friendName={name} />
        <Button variant="ghost" className="friend-card__action" aria-describedby={nameId} onClick={onBlock}>
          Block
        </Button>
      </div>
      {pendingHere ? (
        <div className="friend-card__pending" role="status">
          <span className="friend-card__spinner" aria-hidden="true" />
          <span className="friend-card__pending-text">
            {challenge.pending?.offerId ? `Waiting for ${name}…` : `Sending the challenge to ${name}…`}
          </span>
          {challenge.pending?.offerId ? (
            <Button variant="ghost" className="friend-card__cancel" onClick={onCancelChallenge}>
              Cancel
            </Button>
          ) : null}
        </div>
      ) : null}
      {notice ? (
        <p
          className={notice.tone === "error" ? "friend-card__notice is-error" : "friend-card__notice"}
          role={notice.tone === "error" ? "alert" : "status"}
        >
          {notice.text}
        </p>
      ) : null}
    </li>
  );
}
