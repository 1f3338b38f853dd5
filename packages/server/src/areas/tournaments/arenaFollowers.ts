import type { NodeBus } from "../../realtime/nodeBus.ts";

const SNAPSHOT_MS = 5_000;
/** A node silent this long (three snapshots) is taken for dead: its followers are gone. */
const SILENT_MS = 16_000;

type Snapshot = Record<string, number[]>;

/**
 * Who has an arena's page open, per arena and player, on every node (lichess pairs only players on the page).
 * Each node counts its own sockets, tells the others when a player comes or goes, and repeats its whole list
 * every few seconds so that a lost message or a dead node heals.
 */
export class ArenaFollowers {
  private readonly local = new Map<string, Map<number, number>>();
  private readonly remote = new Map<string, { at: number; arenas: Map<string, Set<number>> }>();
  private readonly listeners: Array<(tournamentId: string, userId: number, here: boolean) => void> = [];

  /** A socket of the player follows the arena; true when the player was not here before (on any node). */
  add(tournamentId: string, userId: number): boolean {
    const before = this.isHere(tournamentId, userId);
    const counts = this.local.get(tournamentId) ?? new Map<number, number>();
    counts.set(userId, (counts.get(userId) ?? 0) + 1);
    this.local.set(tournamentId, counts);
    if ((counts.get(userId) ?? 0) === 1) this.localChanged(tournamentId, userId, true);
    if (!before) this.fire(tournamentId, userId, true);
    return !before;
  }

  /** A socket of the player stopped following (unfollowed, or disconnected). */
  remove(tournamentId: string, userId: number): void {
    const counts = this.local.get(tournamentId);
    const n = counts?.get(userId) ?? 0;
    if (!counts || n === 0) return;
    if (n > 1) {
      counts.set(userId, n - 1);
      return;
    }
    counts.delete(userId);
    if (counts.size === 0) this.local.delete(tournamentId);
    this.localChanged(tournamentId, userId, false);
    if (!this.isHere(tournamentId, userId)) this.fire(tournamentId, userId, false);
  }

  isHere(tournamentId: string, userId: number): boolean {
    if ((this.local.get(tournamentId)?.get(userId) ?? 0) > 0) return true;
    for (const node of this.remote.values()) if (node.arenas.get(tournamentId)?.has(userId)) return true;
    return false;
  }

  /** The players with the arena's page open, on any node. */
  here(tournamentId: string): Set<number> {
    const all = new Set(this.local.get(tournamentId)?.keys() ?? []);
    for (const node of this.remote.values()) for (const id of node.arenas.get(tournamentId) ?? []) all.add(id);
    return all;
  }

  /** A player came to (or left) an arena's page, on any node. */
  onChange(listener: (tournamentId: string, userId: number, here: boolean) => void): void {
    this.listeners.push(listener);
  }

  /** Shares this node's followers with the others over the node bus; returns its stop. */
  sync(bus: NodeBus): () => void {
    this.bus = bus;
    bus.on("arenaHere", (p, from) => {
      const { t, u, on } = (p ?? {}) as { t?: unknown; u?: unknown; on?: unknown };
      if (typeof t !== "string" || typeof u !== "number" || typeof on !== "boolean") return;
      const before = this.isHere(t, u);
      const node = this.nodeOf(from);
      const set = node.arenas.get(t) ?? new Set<number>();
      if (on) set.add(u);
      else set.delete(u);
      node.arenas.set(t, set);
      const after = this.isHere(t, u);
      if (before !== after) this.fire(t, u, after);
    });
    bus.on("arenaHereAll", (p, from) => {
      const snap = (p ?? {}) as Snapshot;
      const node = this.nodeOf(from);
      const old = node.arenas;
      node.arenas = new Map(
        Object.entries(snap).map(([t, ids]) => [t, new Set(Array.isArray(ids) ? ids.filter(Number.isInteger) : [])]),
      );
      for (const [t, ids] of node.arenas) {
        for (const u of ids) if (!old.get(t)?.has(u)) this.fire(t, u, true);
      }
    });
    const timer = setInterval(() => {
      bus.broadcast("arenaHereAll", this.snapshot());
      const cutoff = Date.now() - SILENT_MS;
      for (const [node, entry] of this.remote) if (entry.at < cutoff) this.remote.delete(node);
    }, SNAPSHOT_MS);
    timer.unref();
    bus.broadcast("arenaHereAll", this.snapshot());
    return () => clearInterval(timer);
  }

  private bus: NodeBus | undefined;

  private snapshot(): Snapshot {
    return Object.fromEntries([...this.local].map(([t, counts]) => [t, [...counts.keys()]]));
  }

  private nodeOf(node: string) {
    const entry = this.remote.get(node) ?? { at: Date.now(), arenas: new Map<string, Set<number>>() };
    entry.at = Date.now();
    this.remote.set(node, entry);
    return entry;
  }

  private localChanged(t: string, u: number, on: boolean): void {
    this.bus?.broadcast("arenaHere", { t, u, on });
  }

  private fire(t: string, u: number, here: boolean): void {
    for (const l of this.listeners) l(t, u, here);
  }
}
