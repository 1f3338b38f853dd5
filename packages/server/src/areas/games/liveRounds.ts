import type { GameRound } from "./gameRound.ts";

/** How a player is known across their sockets and games: an account, else a guest's session. */
export const playerKey = (p: { userId: number | null; sessionId: string }) =>
  p.userId !== null ? `u:${p.userId}` : `s:${p.sessionId}`;

/**
 * The live games this node writes: each round in memory, each player's game, and one timer per game at its
 * next deadline (a flag or the first-move limit), which calls `onDue`; a sweeper backs the timers up.
 */
export class LiveRounds {
  private readonly rounds = new Map<string, GameRound>();
  private readonly byPlayer = new Map<string, string>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly onDue: (gameId: string) => void,
    private readonly now: () => number,
  ) {}

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

  /** The live game on this node of the player with `key` (see playerKey). */
  gameOf(key: string): string | undefined {
    return this.byPlayer.get(key);
  }

  register(round: GameRound): void {
    this.rounds.set(round.id, round);
    this.byPlayer.set(playerKey(round.players.w), round.id);
    this.byPlayer.set(playerKey(round.players.b), round.id);
    this.schedule(round);
  }

  unregister(round: GameRound): void {
    this.rounds.delete(round.id);
    for (const c of ["w", "b"] as const) {
      const key = playerKey(round.players[c]);
      if (this.byPlayer.get(key) === round.id) this.byPlayer.delete(key);
    }
    clearTimeout(this.timers.get(round.id));
    this.timers.delete(round.id);
  }

  /** Sets the game's timer to its next deadline: the flag of the side to move, the first-move or idle limit. */
  schedule(round: GameRound): void {
    clearTimeout(this.timers.get(round.id));
    const { clock } = round;
    const flag = clock.runningSince === null ? null : clock.runningSince + clock.remaining[clock.turn];
    const due = Math.min(
      flag ?? Number.POSITIVE_INFINITY,
      round.firstMoveDeadline ?? Number.POSITIVE_INFINITY,
      round.idleDeadline ?? Number.POSITIVE_INFINITY,
    );
    if (!Number.isFinite(due)) return;
    const t = setTimeout(() => this.onDue(round.id), Math.max(0, due - this.now()) + 5);
    t.unref();
    this.timers.set(round.id, t);
  }

  stopTimers(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
