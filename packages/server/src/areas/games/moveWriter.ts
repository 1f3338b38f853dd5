import { hasErrorCode, isDatabaseUnavailable, UNIQUE_VIOLATION } from "../../storage/unavailable.ts";
import type { GamesRepo, MoveWrite } from "./gamesRepo.ts";

/**
 * Group commit for moves. A write waits for the end of the current event-loop turn (setImmediate), so
 * every move read from the sockets in that turn goes into one multi-row INSERT. A statement costs far more
 * than a row (on PGlite about 0.5 ms against 0.03 ms), so under load this is what keeps up. The next turn's
 * INSERT does not wait for the one in flight (up to `maxInFlight`): their commits then share one disk sync
 * (the database's group commit) instead of queueing a sync each. Order within a game holds without it: a
 * game's next move is decided only once its last one is written. Nobody is acknowledged before their row
 * is committed; alone, a move is written at once.
 *
 * A write whose connection died after the commit is reported failed and undone in memory; its re-send then
 * finds the ply taken. If it is taken by this very move, the earlier write counts: the move is written.
 * A move of a writer that no longer owns its game (its epoch is stale) fails its statement; written alone,
 * it is refused with StaleOwnerError and the others are written.
 */
export class MoveWriter {
  private pending: Waiting[] = [];
  private scheduled = false;
  private inFlight = 0;

  constructor(
    private readonly repo: Pick<GamesRepo, "appendMoves" | "moves">,
    private readonly maxBatch = 500,
    private readonly maxInFlight = 4,
  ) {}

  write(move: MoveWrite): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ move, resolve, reject });
      this.schedule();
    });
  }

  /** A flush at the end of this event-loop turn, unless one is due or enough statements are in flight. */
  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.pending.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending.splice(0, this.maxBatch);
    if (batch.length === 0) return;
    this.inFlight += 1;
    this.schedule();
    try {
      await this.writeBatch(batch);
    } finally {
      this.inFlight -= 1;
      this.schedule();
    }
  }

  private async writeBatch(batch: Waiting[]): Promise<void> {
    try {
      await this.repo.appendMoves(batch.map((b) => b.move));
      for (const b of batch) b.resolve();
    } catch (error) {
      if (batch.length === 1) return this.settleAlone(batch[0]!, error);
      if (isDatabaseUnavailable(error)) {
        // Row by row would only wait for the database once per move: all of them are refused now.
        for (const b of batch) b.reject(error);
        return;
      }
      // One bad row (a stale owner's, a ply taken) must not fail the other games' moves: one by one.
      // A batch holds one move per game at most, so they need no order among them.
      await Promise.all(
        batch.map((b) =>
          this.repo.appendMoves([b.move]).then(
            () => b.resolve(),
            (e: unknown) => this.settleAlone(b, e),
          ),
        ),
      );
    }
  }

  /** A single write failed: it still succeeded if its ply already holds the same move. */
  private async settleAlone(b: Waiting, error: unknown): Promise<void> {
    if (!hasErrorCode(error, UNIQUE_VIOLATION)) return b.reject(error);
    const stored = await this.repo.moves(b.move.gameId).catch(() => []);
    const same = stored.find((m) => m.ply === b.move.ply)?.uci === b.move.uci;
    if (same) b.resolve();
    else b.reject(error);
  }
}

type Waiting = { move: MoveWrite; resolve: () => void; reject: (e: unknown) => void };
