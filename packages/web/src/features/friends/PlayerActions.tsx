import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/Button.tsx";
import { errorMessage, successMessage } from "../../lib/api.ts";
import { DailyChallengeButton } from "../daily/index.ts";
import { ChallengeModal } from "./ChallengeModal.tsx";
import { sameName } from "./friendsStore.ts";
import { useFriendChallenge } from "./useFriendChallenge.ts";
import { useFriends } from "./useFriends.ts";
import "./PlayerActions.css";

/**
 * On another player's profile: Add friend, Message and Challenge. Messages and challenges are between
 * friends (and a challenge needs the friend online, SPEC §6), so those wait for the friendship.
 */
export function PlayerActions({ username }: { username: string }) {
  const friends = useFriends();
  const challenge = useFriendChallenge();
  const [challenging, setChallenging] = useState(false);
  const [outcome, setOutcome] = useState<{ text: string; ok: boolean }>();
  const [busy, setBusy] = useState(false);
  const friend = friends.state.friends?.find((f) => sameName(f.friendName, username));
  const online = friend?.isActive ?? false;
  const pendingHere = challenge.state.pending !== null && sameName(challenge.state.pending.friendName, username);
  const notice = challenge.state.notice;

  async function addFriend() {
    setBusy(true);
    try {
      setOutcome({ text: successMessage(await friends.sendRequest(username)), ok: true });
    } catch (error) {
      setOutcome({ text: errorMessage(undefined, error), ok: false });
    } finally {
      setBusy(false);
    }
  }

  const notFriends = `Add ${username} as a friend first`;
  if (friends.state.friends === null) return null;
  return (
    <div className="player-actions">
      <div className="player-actions__buttons">
        {friend ? null : (
          <Button variant="primary" busy={busy} disabled={outcome?.ok} onClick={() => void addFriend()}>
            {outcome?.ok ? "Request sent" : "Add friend"}
          </Button>
        )}
        {friend ? (
          <Link className="btn btn--secondary" to={`/messages/${encodeURIComponent(friend.friendName)}`}>
            Message
          </Link>
        ) : (
          <Button disabled title={notFriends}>
            Message
          </Button>
        )}
        <Button
          disabled={!friend || !online || challenge.state.pending !== null}
          title={!friend ? notFriends : online ? undefined : `${username} is offline`}
          onClick={() => setChallenging(true)}
        >
          Challenge
        </Button>
        {/* A daily game waits for days: the friend need not be online. */}
        <DailyChallengeButton friendName={friend?.friendName ?? username} disabled={!friend} />
      </div>
      {outcome ? (
        <p className={outcome.ok ? "player-actions__note" : "player-actions__note is-error"} role="status">
          {outcome.text}
        </p>
      ) : null}
      {pendingHere ? (
        <p className="player-actions__note" role="status">
          {challenge.state.pending?.offerId ? `Waiting for ${username}…` : `Sending the challenge to ${username}…`}{" "}
          {challenge.state.pending?.offerId ? (
            <Button variant="ghost" onClick={() => void challenge.cancel()}>
              Cancel
            </Button>
          ) : null}
        </p>
      ) : null}
      {notice && sameName(notice.friendName, username) ? (
        <p className={notice.tone === "error" ? "player-actions__note is-error" : "player-actions__note"} role="status">
          {notice.text}
        </p>
      ) : null}
      {challenging && friend ? (
        <ChallengeModal
          friendName={friend.friendName}
          onSend={(offer) => void challenge.challenge(friend.friendName, offer)}
          onClose={() => setChallenging(false)}
        />
      ) : null}
    </div>
  );
}
