import type { BlockedPlayer } from "@chess/shared";
import { useState } from "react";
import { Button } from "../../components/Button.tsx";
import { shortDate } from "../../lib/dates.ts";

/** Players I blocked, each with Unblock; nothing at all when I blocked no one. */
export function BlockedPlayers({
  blocked,
  onUnblock,
}: {
  blocked: BlockedPlayer[] | null;
  onUnblock: (username: string) => Promise<unknown>;
}) {
  if (!blocked || blocked.length === 0) return null;
  return (
    <section className="friends__blocked" aria-labelledby="blocked-players-title">
      <h3 id="blocked-players-title" className="friends__subtitle">
        Blocked players
      </h3>
      <ul className="friends__blocked-list">
        {blocked.map((player) => (
          <BlockedRow key={player.username} player={player} onUnblock={() => onUnblock(player.username)} />
        ))}
      </ul>
    </section>
  );
}

function BlockedRow({ player, onUnblock }: { player: BlockedPlayer; onUnblock: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  const id = `blocked-${player.username}`;
  async function unblock() {
    setBusy(true);
    // On success the row leaves the list; on failure it stays for another try.
    await onUnblock();
    setBusy(false);
  }
  return (
    <li className="friends__blocked-row" data-testid="blocked-player" data-player={player.username}>
      <span id={id} className="friends__blocked-name">
        <strong>{player.username}</strong>
        <span className="friends__muted"> · blocked {shortDate(player.blockedAt)}</span>
      </span>
      <Button aria-describedby={id} busy={busy} onClick={unblock}>
        Unblock
      </Button>
    </li>
  );
}
