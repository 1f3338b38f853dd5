import { type KeyboardEvent, type ReactNode, useId, useState } from "react";
import { CountBadge } from "../../components/CountBadge.tsx";
import { useUnreadLines } from "../chat/index.ts";
import "./GamePanelTabs.css";

type Tab = "moves" | "chat";
const TABS: Array<{ tab: Tab; label: string }> = [
  { tab: "moves", label: "Moves" },
  { tab: "chat", label: "Chat" },
];

/**
 * On a phone the moves and the chat share the room under the board behind two tabs (lichess mobile): the
 * chat no longer sits under everything, and the board stays where it is. Both stay mounted, so the chat keeps
 * its messages and the move list its place while hidden. A line that comes while the moves are shown is
 * counted on the Chat tab until it is opened.
 */
export function GamePanelTabs({
  moves,
  chat,
  chatId,
  me,
}: {
  moves: ReactNode;
  chat: ReactNode;
  chatId: string;
  /** The reader's name (their own lines are no news); null for a spectator. */
  me: string | null;
}) {
  const [shown, setShown] = useState<Tab>("moves");
  const unread = useUnreadLines(chatId, shown === "chat", me);
  const id = useId();
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    event.stopPropagation();
    const next: Tab = shown === "moves" ? "chat" : "moves";
    setShown(next);
    document.getElementById(`${id}-${next}-tab`)?.focus();
  }
  return (
    <div className="game-tabs">
      <div className="game-tabs__list" role="tablist" aria-label="Moves or chat">
        {TABS.map(({ tab, label }) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`${id}-${tab}-tab`}
            className="game-tabs__tab"
            aria-selected={shown === tab}
            aria-controls={`${id}-${tab}`}
            tabIndex={shown === tab ? 0 : -1}
            onClick={() => setShown(tab)}
            onKeyDown={onKeyDown}
            aria-label={tab === "chat" && unread > 0 ? `${label}, ${unreadText(unread)}` : undefined}
          >
            {label}
            {tab === "chat" ? <CountBadge count={unread} label={unreadText(unread)} /> : null}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-moves`} aria-labelledby={`${id}-moves-tab`} hidden={shown !== "moves"}>
        {moves}
      </div>
      <div role="tabpanel" id={`${id}-chat`} aria-labelledby={`${id}-chat-tab`} hidden={shown !== "chat"}>
        {chat}
      </div>
    </div>
  );
}

const unreadText = (n: number) => (n === 1 ? "1 new message" : `${n} new messages`);
