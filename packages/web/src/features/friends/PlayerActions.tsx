import type { ContactAnswer } from "@chess/shared";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/Button.tsx";
import { errorMessage, successMessage } from "../../lib/api.ts";
import { DailyChallengeButton } from "../daily/index.ts";
import { ChallengeModal } from "./ChallengeModal.tsx";
import { sameName } from "./friendsStore.ts";
import { useFriendChallenge } from "./useFriendChallenge.ts";
import { FRIENDS_REFRESH_MS, useFriends, useFriendsApi } from "./useFriends.ts";
import "./PlayerActions.css";

/** What the server says I may do with `username` now, asked again now and then (their presence changes). */
function useContact(username: string): ContactAnswer | undefined {
  const client = useFriendsApi();
  const [contact, setContact] = useState<ContactAnswer>();
  useEffect(() => {
    let live = true;
    const look = () =>
      client.contact(username).then(
        (c) => live && setContact(c),
        () => {
          // Kept as it was: the buttons say what they said.
        },
      );
    void look();
    const t = setInterval(look, FRIENDS_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(t);
    };
  }, [client, username]);
  return contact;
}

/**
 * On another player's profile: Add friend, Message and Challenge. Anyone may message and challenge anyone,
 * under the receiver's settings (everyone, friends only, nobody) and never across a block; a challenge needs
 * the player online (SPEC §6). A button that cannot be used says why beside it.
 */
export function PlayerActions({ username }: { username: string }) {
  const friends = useFriends();
  const contact = useContact(username);
  const challenge = useFriendChallenge();
  const [challenging, setChallenging] = useState(false);
  const [outcome, setOutcome] = useState<{ text: string; ok: boolean }>();
  const [busy, setBusy] = useState(false);
  const friend = friends.state.friends?.find((f) => sameName(f.friendName, username));
  const name = contact?.username ?? friend?.friendName ?? username;
  const messageRefusal = contact && !contact.canMessage ? contact.messageRefusal : undefined;
  const challengeRefusal = contact && !contact.canChallenge ? contact.challengeRefusal : undefined;
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

  if (friends.state.friends === null) return null;
  return (
    <div className="player-actions">
      <div className="player-actions__buttons">
        {friend ? null : (
          <Button variant="primary" busy={busy} disabled={outcome?.ok} onClick={() => void addFriend()}>
            {outcome?.ok ? "Request sent" : "Add friend"}
          </Button>
        )}
        {contact?.canMessage ? (
          <Link className="btn btn--secondary" to={`/messages/${encodeURIComponent(name)}`}>
            Message
          </Link>
        ) : (
          <Button disabled title={messageRefusal}>
            Message
          </Button>
        )}
        <Button
          disabled={!contact?.canChallenge || challenge.state.pending !== null}
          title={challengeRefusal}
          onClick={() => setChallenging(true)}
        >
          Challenge
        </Button>
        {/* A daily game waits for days: the friend need not be online. */}
        <DailyChallengeButton friendName={friend?.friendName ?? username} disabled={!friend} />
      </div>
      {messageRefusal || challengeRefusal ? (
        <ul className="player-actions__reasons" aria-label="Why not">
          {messageRefusal ? <li>Message: {messageRefusal}.</li> : null}
          {challengeRefusal ? <li>Challenge: {challengeRefusal}.</li> : null}
        </ul>
      ) : null}
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
      {challenging && contact?.canChallenge ? (
        <ChallengeModal
          friendName={name}
          onSend={(offer) => void challenge.challenge(name, offer)}
          onClose={() => setChallenging(false)}
        />
      ) : null}
    </div>
  );
}
