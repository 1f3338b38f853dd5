import type { FriendRequest, SentFriendRequest } from "@chess/shared";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { ConfirmModal } from "../../components/ConfirmModal.tsx";
import { TextField } from "../../components/TextField.tsx";
import { useToasts } from "../../components/Toast.tsx";
import { errorMessage, successMessage } from "../../lib/api.ts";
import { BlockedPlayers } from "./BlockedPlayers.tsx";
import { ChallengeModal } from "./ChallengeModal.tsx";
import { FriendCard } from "./FriendCard.tsx";
import { sortFriends } from "./friendsStore.ts";
import { useFriendChallenge } from "./useFriendChallenge.ts";
import { useFriends } from "./useFriends.ts";
import { useUnread } from "./useUnread.ts";
import "./FriendsPanel.css";
import { shortDate } from "../../lib/dates.ts";

/** How long an outcome ("Friend Request Sent", an error) stays on screen. */
export const FRIENDS_STATUS_MS = 6_000;

interface Status {
  text: string;
  ok: boolean;
}

/** The friends panel of my own profile (SPEC §2, §6): add, answer requests, my friends in a grid, blocks. */
export function FriendsPanel() {
  const friends = useFriends();
  const challenge = useFriendChallenge();
  const unread = useUnread();
  const toasts = useToasts();
  const [status, setStatus] = useState<Status>();
  const [challenging, setChallenging] = useState<string>();
  const [blocking, setBlocking] = useState<string>();
  const { friends: list, requests, sent, blocked } = friends.state;

  useEffect(() => {
    if (!status) return;
    const t = setTimeout(() => setStatus(undefined), FRIENDS_STATUS_MS);
    return () => clearTimeout(t);
  }, [status]);

  async function run(action: () => Promise<unknown>) {
    try {
      setStatus({ text: successMessage(await action()), ok: true });
      return true;
    } catch (error) {
      setStatus({ text: errorMessage(undefined, error), ok: false });
      return false;
    }
  }

  async function unblock(username: string) {
    try {
      const answer = await friends.unblock(username);
      toasts.show({ title: successMessage(answer), body: `${username} can message and challenge you again.` });
    } catch (error) {
      toasts.show({ title: `Could not unblock ${username}`, body: errorMessage(undefined, error), tone: "error" });
    }
  }

  return (
    <section className="friends card" aria-labelledby="friends-title">
      <div className="friends__head">
        <h2 id="friends-title" className="friends__title">
          Friends{list ? <span className="friends__count"> ({list.length})</span> : null}
        </h2>
      </div>

      <AddFriendForm onAdd={(name) => run(() => friends.sendRequest(name))} />

      {status ? (
        <p
          className={status.ok ? "friends__status" : "friends__status friends__error"}
          role={status.ok ? "status" : "alert"}
        >
          {status.text}
        </p>
      ) : null}

      {requests && requests.length > 0 ? (
        <section className="friends__requests" aria-labelledby="friend-requests-title">
          <h3 id="friend-requests-title" className="friends__subtitle">
            Friend requests
          </h3>
          <ul className="friends__request-list">
            {requests.map((request) => (
              <RequestRow
                key={request.inviterId}
                request={request}
                onAnswer={(accepted) => run(() => friends.answerRequest(request, accepted))}
              />
            ))}
          </ul>
        </section>
      ) : null}

      {sent && sent.length > 0 ? (
        <section className="friends__requests" aria-labelledby="friend-sent-title">
          <h3 id="friend-sent-title" className="friends__subtitle">
            Waiting for an answer
          </h3>
          <ul className="friends__request-list">
            {sent.map((request) => (
              <SentRow
                key={request.friendName}
                request={request}
                onWithdraw={() => run(() => friends.withdrawRequest(request.friendName))}
              />
            ))}
          </ul>
        </section>
      ) : null}

      {list === null ? (
        <p className="friends__muted">Loading your friends…</p>
      ) : list.length === 0 ? (
        <p className="friends__muted">No friends yet. Add players by their username to message and challenge them.</p>
      ) : (
        <ul className="friends__grid" aria-label="Your friends">
          {sortFriends(list).map((friend) => (
            <FriendCard
              key={friend.friendName}
              friend={friend}
              unread={unread.from(friend.friendName)}
              challenge={challenge.state}
              onChallenge={() => setChallenging(friend.friendName)}
              onCancelChallenge={() => void challenge.cancel()}
              onBlock={() => setBlocking(friend.friendName)}
            />
          ))}
        </ul>
      )}

      <BlockedPlayers blocked={blocked} onUnblock={unblock} />

      {challenging ? (
        <ChallengeModal
          friendName={challenging}
          onSend={(offer) => void challenge.challenge(challenging, offer)}
          onClose={() => setChallenging(undefined)}
        />
      ) : null}
      {blocking ? (
        <ConfirmModal
          title={`Block ${blocking}?`}
          confirmLabel="Block"
          danger
          onConfirm={async () => {
            await run(() => friends.block(blocking));
            setBlocking(undefined);
          }}
          onClose={() => setBlocking(undefined)}
        >
          <p>
            {blocking} will no longer be your friend and cannot send you requests, messages, challenges or club
            invitations.
          </p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}

function AddFriendForm({ onAdd }: { onAdd: (name: string) => Promise<boolean> }) {
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const friendName = name.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!friendName || busy) return;
    setBusy(true);
    if (await onAdd(friendName)) setName("");
    setBusy(false);
  }

  return (
    <form className="friends__add" onSubmit={submit} noValidate>
      <TextField
        className="friends__add-field"
        label="Friend's username"
        placeholder="e.g. magnus"
        value={name}
        maxLength={64}
        autoComplete="off"
        onChange={(e) => setName(e.target.value)}
      />
      <Button type="submit" variant="primary" disabled={!friendName} busy={busy}>
        Add friend
      </Button>
    </form>
  );
}

function SentRow({ request, onWithdraw }: { request: SentFriendRequest; onWithdraw: () => Promise<boolean> }) {
  const [busy, setBusy] = useState(false);
  const id = `friend-sent-${request.friendName.toLowerCase()}`;
  return (
    <li className="friends__request friends__request--sent">
      <span id={id} className="friends__request-text">
        Asked <strong>{request.friendName}</strong> on {shortDate(request.sentAt)}
      </span>
      <span className="friends__request-actions">
        <Button
          aria-describedby={id}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            if (!(await onWithdraw())) setBusy(false);
          }}
        >
          Withdraw
        </Button>
      </span>
    </li>
  );
}

function RequestRow({
  request,
  onAnswer,
}: {
  request: FriendRequest;
  onAnswer: (accepted: boolean) => Promise<boolean>;
}) {
  const [busy, setBusy] = useState(false);
  const id = `friend-request-${request.inviterId}`;
  async function answer(accepted: boolean) {
    setBusy(true);
    // On success the row leaves the list; on failure it stays for another try.
    if (!(await onAnswer(accepted))) setBusy(false);
  }
  return (
    <li className="friends__request">
      <span id={id} className="friends__request-text">
        <strong>{request.inviterName}</strong> wants to be your friend
      </span>
      <span className="friends__request-actions">
        <Button variant="primary" aria-describedby={id} disabled={busy} onClick={() => answer(true)}>
          Accept
        </Button>
        <Button aria-describedby={id} disabled={busy} onClick={() => answer(false)}>
          Deny
        </Button>
      </span>
    </li>
  );
}
