import type { GamesRepo, MoveWrite } from "./gamesRepo.ts";

/**
 * Group commit for moves: while one INSERT is in flight, moves from other games wait and then go
 * together in one multi-row INSERT. Nobody is acknowledged before their row is committed; with no
 * concurrency a move is written at once, alone.
 */
export class MoveWriter {
  private pending: Array<{ move: MoveWrite; resolve: () => void; reject: (e: unknown) => void }> = [];
  private flushing = false;

  constructor(
    private readonly repo: Pick<GamesRepo, "appendMoves">,
    private readonly maxBatch = 500,
  ) {}

  write(move: MoveWrite): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ move, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.maxBatch);
      try {
        await this.repo.appendMoves(batch.map((b) => b.move));
        for (const b of batch) b.resolve();
      } catch (error) {
        if (batch.length === 1) {
          batch[0]?.reject(error);
          continue;
        }
        // One bad row must not fail the other games' moves: write them one by one.
        for (const b of batch) {
          await this.repo.appendMoves([b.move]).then(b.resolve, b.reject);
        }
      }
    }
    this.flushing = false;
  }
}
