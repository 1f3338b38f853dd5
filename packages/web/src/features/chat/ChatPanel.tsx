import { CHAT_MAX_LENGTH, type ChatType } from "@chess/shared";
import { type FormEvent, useEffect, useReducer, useRef, useState } from "react";
import { MessageComposer } from "../../components/MessageComposer.tsx";
import { useRealtime } from "../../lib/realtime.ts";
import { chatReducer, chatText, initialChat } from "./chatStore.ts";
import "./ChatPanel.css";
import { timeOfDay } from "../../lib/dates.ts";

const ERROR_MS = 4_000;

export interface ChatPanelProps {
  chatId: string;
  chatType: ChatType;
  title: string;
  /** Extra class for the outer card, e.g. for height in a layout. */
  className?: string;
  /** Lines only, no input: a spectator reads a game's chat. */
  readOnly?: boolean;
}

/** A chat (SPEC §2): its history, live lines with name and time, and an input that sends on Enter. */
export function ChatPanel({ chatId, chatType, title, className, readOnly = false }: ChatPanelProps) {
  const realtime = useRealtime();
  const [state, dispatch] = useReducer(chatReducer, chatId, initialChat);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const offs = [
      realtime.on("chatMessage", (message) => dispatch({ type: "message", message })),
      realtime.on("chatHistory", (history) => dispatch({ type: "history", ...history })),
      // The history request also (re)joins the chat's room after a reconnection.
      realtime.onConnect(() => void realtime.request("getChatHistory", { chatId })),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [realtime, chatId]);

  useEffect(() => {
    if (!error) return;
    const t = setTimeout(() => setError(undefined), ERROR_MS);
    return () => clearTimeout(t);
  }, [error]);

  const count = state.messages?.length ?? 0;
  useEffect(() => {
    const list = listRef.current;
    if (list && count > 0) list.scrollTop = list.scrollHeight;
  }, [count]);

  const text = chatText(draft);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!text || sending) return;
    setSending(true);
    const answer = await realtime.request("chatMessage", { text, chatType, chatId });
    setSending(false);
    if (answer.ok) setDraft("");
    else setError(answer.message);
  }

  const headingId = `chat-${chatId}-title`;
  return (
    <section className={["chat card", className].filter(Boolean).join(" ")} aria-labelledby={headingId}>
      <h2 id={headingId} className="chat__title">
        {title}
      </h2>
      <ol className="chat__messages" ref={listRef} aria-live="polite" aria-label={`${title} messages`}>
        {state.messages === null ? (
          <li className="chat__empty">Loading…</li>
        ) : state.messages.length === 0 ? (
          <li className="chat__empty">{readOnly ? "No messages yet." : "No messages yet. Say hello!"}</li>
        ) : (
          state.messages.map((m) => (
            <li key={`${m.timeSent}-${m.username}-${m.text}`} className="chat__message">
              <span className="chat__meta">
                <span className="chat__user">{m.username}</span>
                <time className="chat__time" dateTime={new Date(m.timeSent).toISOString()}>
                  {timeOfDay(m.timeSent)}
                </time>
              </span>
              <span className="chat__text">{m.text}</span>
            </li>
          ))
        )}
      </ol>
      {error ? (
        <p className="chat__error" role="alert">
          {error}
        </p>
      ) : null}
      {readOnly ? (
        <p className="chat__read-only">Only the players write here.</p>
      ) : (
        <MessageComposer
          inputId={`chat-${chatId}-input`}
          value={draft}
          onChange={setDraft}
          onSubmit={send}
          maxLength={CHAT_MAX_LENGTH}
          placeholder="Message…"
          sending={sending}
        />
      )}
    </section>
  );
}
