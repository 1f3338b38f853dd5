import { type ClockState, newClock, START_FEN } from "@chess/shared";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createGamesRepo,
  type FinishWrite,
  type GamesRepo,
  type MoveWrite,
  StaleOwnerError,
} from "../src/areas/games/gamesRepo.ts";
import { moveClockOf } from "../src/areas/games/moveClock.ts";
import { runStatement } from "../src/storage/db.ts";
import { users } from "../src/storage/schema.ts";
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

describe("games repository: a game's end", () => {
  const userIds: number[] = [];
  beforeAll(async () => {
    for (const name of ["fin_w", "fin_b"]) {
      const [row] = await test.database.db
        .insert(users)
        .values({ username: name, email: `${name}@example.com`, passwordHash: "x" })
        .returning({ id: users.id });
      userIds.push(row!.id);
    }
  });

  const ended: ClockState = { ...running, runningSince: null };
  const finish = (gameId: string, more: Partial<FinishWrite> = {}): FinishWrite => ({
    gameId,
    epoch: 1,
    status: "finished",
    fen: "8/8/8/8/8/8/8/K6k w - - 0 1",
    ply: 0,
    moves: "",
    winningColor: "white",
    endReason: "resign",
    clock: ended,
    endedAt: new Date(1_764_213_100_456),
    ratingChanges: [],
    whiteEloChange: null,
    blackEloChange: null,
    ...more,
  });
  const rated = (white: "win" | "draw" | "loss", dw: number, db: number): FinishWrite["ratingChanges"] => [
    { userId: userIds[0]!, variant: "standard", timeClass: "blitz", startElo: 1500, delta: dw, outcome: white },
    {
      userId: userIds[1]!,
      variant: "standard",
      timeClass: "blitz",
      startElo: 1520,
      delta: db,
      outcome: white === "draw" ? "draw" : white === "win" ? "loss" : "win",
    },
  ];
  const ratingOf = (i: number) => repo.rating(userIds[i]!, "standard", "blitz");
  const recordOf = async (i: number) => {
    const [row] = await runStatement<{ elo: number; games: number; wins: number; draws: number; losses: number }>(
      test.database.db,
      `select elo, games, wins, draws, losses from ratings where user_id = $1 and variant = 'standard' and time_class = 'blitz'`,
      [userIds[i]],
    );
    return row;
  };

  it("writes the result and both ratings: new ratings start at the game's, existing ones move by the change", async () => {
    await newGame("endA");
    const first = finish("endA", { ratingChanges: rated("win", 8, -8), whiteEloChange: 8, blackEloChange: -8 });
    expect(await repo.finishGame(first)).toBe(true);
    expect(await repo.game("endA")).toMatchObject({
      status: "finished",
      fen: first.fen,
      winningColor: "white",
      endReason: "resign",
      clock: ended,
      endedAt: first.endedAt,
      whiteEloChange: 8,
      blackEloChange: -8,
    });
    expect(await recordOf(0)).toEqual({ elo: 1508, games: 1, wins: 1, draws: 0, losses: 0 });
    expect(await recordOf(1)).toEqual({ elo: 1512, games: 1, wins: 0, draws: 0, losses: 1 });

    await newGame("endB");
    // The start ratings of a game are those before it: a rating stored since moves by the change only.
    expect(await repo.finishGame(finish("endB", { winningColor: "draw", ratingChanges: rated("draw", -1, 1) }))).toBe(
      true,
    );
    expect(await recordOf(0)).toEqual({ elo: 1507, games: 2, wins: 1, draws: 1, losses: 0 });
    expect(await recordOf(1)).toEqual({ elo: 1513, games: 2, wins: 0, draws: 1, losses: 1 });
  });

  it("moves no rating when the game is not written: ended already (false), or another owner's (stale)", async () => {
    await newGame("endC");
    const before = [await ratingOf(0), await ratingOf(1)];
    expect(await repo.finishGame(finish("endC", { ratingChanges: rated("loss", -9, 9) }))).toBe(true);
    const after = [await ratingOf(0), await ratingOf(1)];
    expect(after.map((r) => r.games)).toEqual(before.map((r) => r.games + 1));
    // Again: the game has ended, nothing moves.
    expect(await repo.finishGame(finish("endC", { ratingChanges: rated("loss", -9, 9) }))).toBe(false);
    expect([await ratingOf(0), await ratingOf(1)]).toEqual(after);

    await newGame("endD");
    await expect(
      repo.finishGame(finish("endD", { epoch: 2, ratingChanges: rated("win", 9, -9) })),
    ).rejects.toBeInstanceOf(StaleOwnerError);
    // A daily game's end decided at a ply the row no longer holds is stale too.
    await expect(
      repo.finishGame(finish("endD", { expectPly: 3, ratingChanges: rated("win", 9, -9) })),
    ).rejects.toBeInstanceOf(StaleOwnerError);
    expect((await repo.game("endD"))?.status).toBe("active");
    expect([await ratingOf(0), await ratingOf(1)]).toEqual(after);
    expect(await repo.finishGame(finish("endD", { expectPly: 0, status: "aborted", winningColor: "none" }))).toBe(true);
    expect(await repo.game("endD")).toMatchObject({ status: "aborted", whiteEloChange: null });
    expect([await ratingOf(0), await ratingOf(1)]).toEqual(after);
  });

  it("unknown game: false", async () => {
    expect(await repo.finishGame(finish("endNone"))).toBe(false);
  });
});
