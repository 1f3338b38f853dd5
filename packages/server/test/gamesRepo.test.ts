import { type ClockState, newClock, START_FEN } from "@chess/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { createGamesRepo, type GamesRepo, type MoveWrite } from "../src/areas/games/gamesRepo.ts";
import { moveClockOf } from "../src/areas/games/moveClock.ts";
import { runStatement } from "../src/storage/db.ts";
import { liveGameRow } from "./gameRows.ts";
import { useTestDatabase } from "./harness.ts";

/** A game's stored moves are what a restart rebuilds it from: every field comes back as it was written. */
const test = useTestDatabase();
let repo: GamesRepo;

beforeAll(() => {
  repo = createGamesRepo(test.database.db);
});

const newGame = (id: string) => repo.insertGame(liveGameRow(id, 2_000));

const running: ClockState = {
  remaining: { w: 181_250, b: 179_004 },
  turn: "b",
  runningSince: 1_764_213_000_123,
  incrementMs: 2_000,
  lagQuota: { w: 1_200, b: 950 },
  lagGain: 180,
};

describe("games repository: moves", () => {
  it("stores a batch of moves of several games, each field as written", async () => {
    await newGame("repoA");
    await newGame("repoB");
    const batch: MoveWrite[] = [
      {
        gameId: "repoA",
        epoch: 1,
        ply: 1,
        san: "e4",
        uci: "e2e4",
        fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        clock: running,
        movedAt: new Date(1_764_213_000_123),
      },
      {
        gameId: "repoB",
        epoch: 1,
        ply: 1,
        san: "Nf3+",
        uci: "g1f3",
        fen: 'a "quoted" \\ text',
        // A client's lag report need not be whole: the row keeps whole milliseconds.
        clock: { ...newClock(180_000, 2_000), lagQuota: { w: 540.4, b: 539.6 }, runningSince: null },
        movedAt: new Date(1_764_213_000_999),
      },
    ];
    await repo.appendMoves(batch);

    const rows = await runStatement<Record<string, unknown>>(
      test.database.db,
      `select game_id, owner_epoch, ply, san, uci, fen, white_ms, black_ms, lag_w, lag_b, running_since, moved_at
       from game_moves where game_id in ('repoA', 'repoB') order by game_id`,
      [],
    );
    expect(
      rows.map((r) => ({
        gameId: r.game_id,
        epoch: r.owner_epoch,
        ply: r.ply,
        san: r.san,
        uci: r.uci,
        fen: r.fen,
        clock: {
          whiteMs: r.white_ms,
          blackMs: r.black_ms,
          lagW: r.lag_w,
          lagB: r.lag_b,
          runningSince: r.running_since === null ? null : Number(r.running_since),
        },
        movedAt: new Date(r.moved_at as string | Date),
      })),
    ).toEqual(batch.map((m) => ({ ...m, clock: moveClockOf(m.clock) })));
    expect(batch[1] && moveClockOf(batch[1].clock)).toMatchObject({ lagW: 540, lagB: 540, runningSince: null });
    const clock = { whiteMs: 181_250, blackMs: 179_004, lagW: 1_200, lagB: 950, runningSince: 1_764_213_000_123 };
    expect(await repo.moves("repoA")).toEqual([
      { ply: 1, uci: "e2e4", san: "e4", clock, movedAt: new Date(1_764_213_000_123) },
    ]);
  });

  it("writes nothing of a batch when one of its moves is refused", async () => {
    await newGame("repoC");
    const first = {
      gameId: "repoC",
      epoch: 1,
      ply: 1,
      san: "d4",
      uci: "d2d4",
      fen: START_FEN,
      clock: running,
      movedAt: new Date(),
    };
    await repo.appendMoves([first]);
    // The same ply again (a resend) beside a new move of ply 2: neither is written.
    await expect(repo.appendMoves([first, { ...first, ply: 2, uci: "d7d5", san: "d5" }])).rejects.toThrow();
    expect((await repo.moves("repoC")).map((m) => m.uci)).toEqual(["d2d4"]);
  });
});
