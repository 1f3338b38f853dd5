import { actorKey } from "@chess/shared";
import { Deadlines } from "../../util/deadlines.ts";
import type { GameRound } from "./gameRound.ts";

/**
 * The live games this node writes: each game's round (the last one stored: a round is replaced by the next
 * once that is stored, never changed in place by a command), each player's game, each game's next deadline
 * (a flag, the first-move or idle limit), which calls `onDue` when it passes (a sweeper backs them up), and
 * the games whose clocks stand still because the node cannot store their moves.
 */
export class LiveRounds {
  private readonly rounds = new Map<string, GameRound>();
  private readonly byPlayer = new Map<string, string>();
  private readonly deadlines: Deadlines;
  /** Held games, and since when their clocks stand still (see hold). */
  private readonly held = new Map<string, number>();

  constructor(onDue: (gameId: string) => void, now: () => number) {
    this.deadlines = new Deadlines(onDue, now);
  }

  get(gameId: string): GameRound | undefined {
    return this.rounds.get(gameId);
  }

  has(gameId: string): boolean {
    return this.rounds.has(gameId);
  }

  values(): IterableIterator<GameRound> {
    return this.rounds.values();
  }

  ids(): string[] {
    return [...this.rounds.keys()];
  }

  get size(): number {
    return this.rounds.size;
  }

  /** The live game on this node of the player with `key` (see actorKey). */
  gameOf(key: string): string | undefined {
    return this.byPlayer.get(key);
  }

  register(round: GameRound): void {
    this.rounds.set(round.id, round);
    this.byPlayer.set(actorKey(round.players.w), round.id);
    this.byPlayer.set(actorKey(round.players.b), round.id);
    this.schedule(round);
  }

  /**
   * The game's round is `next` from now on (it is stored), if `live` is still its round: false when the game
   * was let go or read back meanwhile.
   */
  replace(live: GameRound, next: GameRound): boolean {
    if (this.rounds.get(live.id) !== live) return false;
    this.rounds.set(next.id, next);
    this.schedule(next);
    return true;
  }

  /**
   * The game's round is `next`, whose players differ from `live`'s (a guest's seat taken by their account),
   * if `live` is still its round; each player's game follows.
   */
  reseat(live: GameRound, next: GameRound): boolean {
    if (!this.replace(live, next)) return false;
    for (const c of ["w", "b"] as const) {
      const before = actorKey(live.players[c]);
      if (this.byPlayer.get(before) === live.id) this.byPlayer.delete(before);
      this.byPlayer.set(actorKey(next.players[c]), next.id);
    }
    return true;
  }

  unregister(round: GameRound): void {
    this.held.delete(round.id);
    this.rounds.delete(round.id);
    for (const c of ["w", "b"] as const) {
      const key = actorKey(round.players[c]);
      if (this.byPlayer.get(key) === round.id) this.byPlayer.delete(key);
    }
    this.deadlines.delete(round.id);
  }

  /**
   * The game's clocks stand still from `since` (this node cannot store its moves): no deadline passes until
   * it is released. A write that failed late may show it could not store since earlier: the hold then starts
   * earlier. False if it was held since then already.
   */
  hold(gameId: string, since: number): boolean {
    const was = this.held.get(gameId);
    if ((was !== undefined && was <= since) || !this.rounds.has(gameId)) return false;
    this.held.set(gameId, since);
    this.deadlines.delete(gameId);
    return true;
  }

  /** Since when the game's clocks stand still, if they do. */
  heldSince(gameId: string): number | undefined {
    return this.held.get(gameId);
  }

  heldIds(): string[] {
    return [...this.held.keys()];
  }

  /** The game's clocks run again (its round credited with the hold); its deadlines are those of its round. */
  release(gameId: string): void {
    this.held.delete(gameId);
    const round = this.rounds.get(gameId);
    if (round) this.schedule(round);
  }

  /** Sets the game's next deadline: the flag of the side to move, the first-move or idle limit. */
  schedule(round: GameRound): void {
    if (this.held.has(round.id)) return;
    const { clock } = round;
    const flag = clock.runningSince === null ? null : clock.runningSince + clock.remaining[clock.turn];
    const due = Math.min(
      flag ?? Number.POSITIVE_INFINITY,
      round.firstMoveDeadline ?? Number.POSITIVE_INFINITY,
      round.idleDeadline ?? Number.POSITIVE_INFINITY,
    );
    if (Number.isFinite(due)) this.deadlines.set(round.id, due);
    else this.deadlines.delete(round.id);
  }

  stopTimers(): void {
    this.deadlines.clear();
  }
}
