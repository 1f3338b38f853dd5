import { Link } from "react-router";
import { CountBadge } from "../../components/CountBadge.tsx";
import { unreadLabel, unreadList } from "./unreadStore.ts";
import { useUnread } from "./useUnread.ts";
import "./UnreadConversations.css";
import { PlayerAvatar } from "../profile/index.ts";

/** Conversations with unread messages, each a link to it; nothing when all is read. */
export function UnreadConversations({ className }: { className?: string }) {
  const { state } = useUnread();
  const rows = unreadList(state);
  if (rows.length === 0) return null;
  return (
    <section
      className={["unread-conversations card", className].filter(Boolean).join(" ")}
      aria-labelledby="unread-title"
    >
      <h2 id="unread-title" className="unread-conversations__title">
        Unread messages
      </h2>
      <ul className="unread-conversations__list">
        {rows.map(({ friendName, count }) => (
          <li key={friendName}>
            <Link
              className="unread-conversations__link"
              to={`/messages/${encodeURIComponent(friendName)}`}
              aria-label={`${friendName}, ${unreadLabel(count)}`}
            >
              <PlayerAvatar username={friendName} size="sm" />
              <span className="unread-conversations__name">{friendName}</span>
              <CountBadge count={count} label={unreadLabel(count)} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
