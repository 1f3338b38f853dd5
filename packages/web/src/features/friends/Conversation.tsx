import { FRIEND_MESSAGE_MAX } from "@chess/shared";
import { type FormEvent, useLayoutEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/Button.tsx";
import { MessageComposer } from "../../components/MessageComposer.tsx";
import { PresenceDot } from "../../components/PresenceDot.tsx";
import { groupByDay } from "./conversationStore.ts";
import { sameName } from "./friendsStore.ts";
import { useConversation } from "./useConversation.ts";
import "./Conversation.css";
import { trimInvisible } from "@chess/shared";
import { timeOfDay } from "../../lib/dates.ts";
import { useSidewaysStart } from "../../lib/phoneSideways.ts";
import { PlayerAvatar } from "../profile/index.ts";

/** Closer than this to the bottom counts as "reading the newest": new messages scroll into view. */
const STICK_PX = 80;

/** My private conversation with a player (SPEC §2 Friend messages; anyone whose settings allow it). */
export function Conversation({ friendName, me }: { friendName: string; me: string }) {
  const { state, online, refusal, unknown, loadOlder, send } = useConversation(friendName, me);
  // A player who takes no messages from me (their settings, a block): the page says why and offers no box.
  const notFriend = typeof refusal === "string" || unknown;
  const profile = `/profile?username=${encodeURIComponent(friendName)}`;
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string>();
  const scrollRef = useRef<HTMLDivElement>(null);
  const card = useRef<HTMLElement>(null);
  useSidewaysStart(card);
  const stickToBottom = useRef(true);
  // Set while older messages load: the distance from the bottom to restore afterwards.
  const keepFromBottom = useRef<number | null>(null);

  const count = state.messages.length;
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || count === 0) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (stickToBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [count]);

  function onScroll() {
    const el = scrollRef.current;
    if (el) stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
  }

  async function older() {
    const el = scrollRef.current;
    if (el) keepFromBottom.current = el.scrollHeight - el.scrollTop;
    await loadOlder();
  }

  const text = trimInvisible(draft);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text || sending) return;
    setSending(true);
    setSendError(undefined);
    stickToBottom.current = true;
    const problem = await send(text);
    setSending(false);
    if (problem) setSendError(problem);
    else setDraft("");
  }

  const days = groupByDay(state.messages, Date.now());

  return (
    <section ref={card} className="conversation card" aria-labelledby="conversation-title">
      <header className="conversation__head">
        {unknown ? null : <PlayerAvatar username={friendName} size="md" />}
        <div className="conversation__who">
          <h2 id="conversation-title" className="conversation__name">
            {friendName}
          </h2>
          <span className="conversation__presence" data-testid="friend-presence">
            {unknown ? (
              "No such player"
            ) : online === undefined ? (
              "…"
            ) : (
              <>
                <PresenceDot online={online} />
                <span aria-hidden="true">{online ? "Online" : "Offline"}</span>
              </>
            )}
          </span>
        </div>
        {unknown ? null : (
          <Link className="conversation__profile" to={profile}>
            Profile
          </Link>
        )}
      </header>

      <div className="conversation__scroll" ref={scrollRef} onScroll={onScroll}>
        {state.hasOlder ? (
          <div className="conversation__older">
            <Button onClick={older} busy={state.loadingOlder}>
              Load older messages
            </Button>
          </div>
        ) : state.status === "ready" && count > 0 ? (
          <p className="conversation__start">This is the beginning of your conversation.</p>
        ) : null}
        {state.status === "loading" ? <p className="conversation__empty">Loading messages…</p> : null}
        {unknown ? (
          <p className="conversation__empty">
            There is no player named {friendName}. Check the spelling, or find players on the{" "}
            <Link to="/leaderboards">leaderboards</Link>.
          </p>
        ) : null}

        {state.status === "ready" && count === 0 && !notFriend ? (
          <p className="conversation__empty">No messages yet. Say hello to {friendName}!</p>
        ) : null}
        <ol className="conversation__days" aria-label={`Messages with ${friendName}`} aria-live="polite">
          {days.map((day) => (
            <li key={day.key} className="conversation__day">
              <h3 className="conversation__day-label">
                <span>{day.label}</span>
              </h3>
              <ol className="conversation__messages">
                {day.messages.map((m) => {
                  const mine = sameName(m.senderName, me);
                  return (
                    <li
                      key={`${m.senderName}|${m.timeSent}|${m.message}`}
                      className={mine ? "conversation__message is-mine" : "conversation__message"}
                    >
                      <span className="visually-hidden">{mine ? "You" : m.senderName}: </span>
                      <span className="conversation__text">{m.message}</span>
                      <time className="conversation__time" dateTime={new Date(m.timeSent).toISOString()}>
                        {timeOfDay(m.timeSent)}
                      </time>
                    </li>
                  );
                })}
              </ol>
            </li>
          ))}
        </ol>
      </div>

      {state.error && !notFriend ? (
        <p className="conversation__error" role="alert">
          {state.error}
        </p>
      ) : null}
      {sendError ? (
        <p className="conversation__error" role="alert">
          {sendError}
        </p>
      ) : null}

      {notFriend ? (
        !unknown && refusal ? (
          <p className="conversation__refusal" role="status">
            {refusal}.
          </p>
        ) : null
      ) : (
        <MessageComposer
          inputId="conversation-input"
          value={draft}
          onChange={setDraft}
          onSubmit={submit}
          maxLength={FRIEND_MESSAGE_MAX}
          placeholder={`Message ${friendName}…`}
          sending={sending}
        />
      )}
    </section>
  );
}
