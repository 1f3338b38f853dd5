import {
  type ConnectionNotice,
  refusalText,
  useConnectionNotice,
  useConnectionRefusal,
} from "../../components/ConnectionBanner.tsx";

const TEXT: Record<Exclude<ConnectionNotice, "none" | "restored" | "refused">, [string, string]> = {
  offline: ["You are offline", "Reconnecting when your network is back…"],
  reconnecting: ["Connection lost", "Reconnecting…"],
  unreachable: ["Cannot reach the server", "Retrying…"],
};

/**
 * Over the board while the connection is down: a player watches the board, not the corner of the page where
 * the site's banner is. Screen readers hear the banner; this one is for the eyes.
 */
export function GameConnectionNotice() {
  const notice = useConnectionNotice();
  const reason = useConnectionRefusal();
  if (notice === "none" || notice === "restored") return null;
  const [title, detail] =
    notice === "refused" ? ["The server refused the connection", refusalText(reason)] : TEXT[notice];
  return (
    <div className="game-connection" data-testid="game-connection" aria-hidden="true">
      <p className="game-connection__text">
        <span className="game-connection__spinner" />
        {title}
      </p>
      <p className="game-connection__detail">{detail}</p>
    </div>
  );
}
