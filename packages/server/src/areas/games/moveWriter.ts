import { allOrEachAlone, GroupCommit, type PendingWrite } from "../../storage/groupCommit.ts";
import { hasErrorCode, UNIQUE_VIOLATION } from "../../storage/unavailable.ts";
import type { GamesRepo, MoveWrite } from "./gamesRepo.ts";

/**
 * Group commit for moves (storage/groupCommit.ts): every move read from the sockets in one event-loop turn
 * goes into one multi-row INSERT, and up to `maxInFlight` such INSERTs share a disk sync. Order within a
 * game holds without more: a game's next move is decided only once its last one is written. Nobody is
 * acknowledged before their row is committed.
 *
 * A write whose connection died after the commit is reported failed and undone in memory; its re-send then
 * finds the ply taken. If it is taken by this very move, the earlier write counts: the move is written.
 * A move of a writer that no longer owns its game (its epoch is stale) fails its statement; written alone,
 * it is refused with StaleOwnerError and the others are written.
 */
export class MoveWriter {
  private readonly group: GroupCommit<MoveWrite>;

  constructor(
    private readonly repo: Pick<GamesRepo, "appendMoves" | "moves">,
    maxBatch = 500,
    maxInFlight = 4,
  ) {
    this.group = new GroupCommit(
      allOrEachAlone(
        (batch) => repo.appendMoves(batch),
        (w, error) => this.settleAlone(w, error),
      ),
      maxBatch,
      maxInFlight,
    );
  }

  write(move: MoveWrite): Promise<void> {
    return this.group.write(move);
  }

  /** A single write failed: it still succeeded if its ply already holds the same move. */
  private async settleAlone(b: Waiting, error: unknown): Promise<void> {
    if (!hasErrorCode(error, UNIQUE_VIOLATION)) return b.reject(error);
    const stored = await this.repo.moves(b.item.gameId).catch(() => []);
    const same = stored.find((m) => m.ply === b.item.ply)?.uci === b.item.uci;
    if (same) b.resolve();
    else b.reject(error);
  }
}

type Waiting = PendingWrite<MoveWrite>;
