import type { RankedPlayer } from "./arenaJson.ts";
import { rankStandings, standingOrder } from "./arenaStandings.ts";
import type { ArenaPlayerRecord } from "./tournamentsRows.ts";

/** Up to this many players' lines are counted rather than read from the sorted standings. */
const FEW = 8;

/** A game of the arena being played, as its director paired it. */
export interface RosterGame {
  gameId: string;
  whiteId: number;
  blackId: number;
}

/**
 * A directed arena's players in its director's memory: read whole once when the node takes the direction, then
 * kept by what the director does (pairs, cancelled games) and by the rows of the players something happened
 * to (a result, a join, a pause), so that a wave or a standings push reads no row. The database stays the
 * truth: a pairing is stored only if the database agrees the players are free, and a refused pair re-reads its
 * players.
 *
 * A row read from the database is applied only if no later change of that player was made here since the read
 * was asked for (`stamp`): a slow read never undoes a pairing stored after it.
 */
export class ArenaRoster {
  private readonly players = new Map<number, ArenaPlayerRecord>();
  private readonly changedAt = new Map<number, number>();
  private readonly games = new Map<string, RosterGame>();
  private clock = 0;
  private rankedCache: RankedPlayer[] | null = null;

  /** The moment a read starts: pass it to `apply` with the rows it returns. */
  stamp(): number {
    return ++this.clock;
  }

  /**
   * Rows read from the database, asked for at `stamp`: of every player (`asked` "all") or of a few; a player asked
   * for and not found has left the arena (before its start).
   */
  apply(rows: readonly ArenaPlayerRecord[], stamp: number, asked: "all" | readonly number[]): void {
    const found = new Set<number>();
    for (const row of rows) {
      found.add(row.userId);
      if ((this.changedAt.get(row.userId) ?? 0) > stamp) continue;
      this.players.set(row.userId, row);
      this.changedAt.set(row.userId, stamp);
    }
    for (const id of asked === "all" ? [...this.players.keys()] : asked) {
      if (found.has(id) || (this.changedAt.get(id) ?? 0) > stamp) continue;
      this.players.delete(id);
    }
    this.rankedCache = null;
  }

  /** Games being played, as read at a takeover (their colours, for the top games). */
  knowGames(games: readonly RosterGame[]): void {
    for (const g of games) this.games.set(g.gameId, g);
  }

  /** Pairs this director stored: their players are playing now. */
  paired(games: readonly RosterGame[]): void {
    for (const g of games) {
      this.games.set(g.gameId, g);
      this.change(g.whiteId, { playingGameId: g.gameId });
      this.change(g.blackId, { playingGameId: g.gameId });
    }
  }

  /** A game given up (it could not start): its players are free again. */
  cancelled(gameId: string): void {
    const g = this.games.get(gameId);
    this.games.delete(gameId);
    if (!g) return;
    for (const id of [g.whiteId, g.blackId]) {
      if (this.players.get(id)?.playingGameId === gameId) this.change(id, { playingGameId: null });
    }
  }

  get size(): number {
    return this.players.size;
  }

  all(): ArenaPlayerRecord[] {
    return [...this.players.values()];
  }

  /** The standings now (computed once per change, not per reader). */
  ranked(): RankedPlayer[] {
    this.rankedCache ??= rankStandings([...this.players.values()]);
    return this.rankedCache;
  }

  /**
   * A few players' lines with their ranks: from the standings when they are computed already, else each rank
   * counted (the players ahead of them), without sorting the whole arena for a game's two players.
   */
  lines(userIds: readonly number[]): RankedPlayer[] {
    if (this.rankedCache || userIds.length > FEW) {
      const wanted = new Set(userIds);
      return this.ranked().filter((p) => wanted.has(p.userId));
    }
    const out: RankedPlayer[] = [];
    for (const id of new Set(userIds)) {
      const p = this.players.get(id);
      if (!p) continue;
      let ahead = 0;
      for (const q of this.players.values()) if (standingOrder(q, p) < 0) ahead++;
      out.push({ ...p, rank: ahead + 1 });
    }
    return out;
  }

  /** The games being played now (a game whose players moved on is dropped). */
  playing(): RosterGame[] {
    const live: RosterGame[] = [];
    for (const g of this.games.values()) {
      const on = (id: number) => this.players.get(id)?.playingGameId === g.gameId;
      if (on(g.whiteId) || on(g.blackId)) live.push(g);
      else this.games.delete(g.gameId);
    }
    return live;
  }

  private change(userId: number, change: Partial<ArenaPlayerRecord>): void {
    const p = this.players.get(userId);
    if (!p) return;
    this.players.set(userId, { ...p, ...change });
    this.changedAt.set(userId, ++this.clock);
    this.rankedCache = null;
  }
}
