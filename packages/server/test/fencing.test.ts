import { newClock, START_FEN } from "@chess/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { createGamesRepo, type GamesRepo, StaleOwnerError } from "../src/areas/games/gamesRepo.ts";
import { liveGameRow } from "./gameRows.ts";
import { useTestDatabase } from "./harness.ts";

/**
 * One writer per game, enforced by the database: whoever takes a game over takes the next epoch, and the
 * writes of the owner before (a node cut off from Redis that still believes it holds the game) are refused.
 */
const test = useTestDatabase();
let repo: GamesRepo;

beforeAll(() => {
  repo = createGamesRepo(test.database.db);
});

const newGame = (id: string) => repo.insertGame(liveGameRow(id));

const move = (gameId: string, epoch: number, ply: number, uci: string) => ({
  gameId,
  epoch,
  ply,
  san: uci,
  uci,
  fen: START_FEN,
  clock: newClock(180_000, 0),
  whiteMs: 180_000,
  blackMs: 180_000,
  movedAt: new Date(),
});

const finish = (gameId: string, epoch: number) => ({
  gameId,
  epoch,
  status: "finished" as const,
  fen: START_FEN,
  ply: 1,
  moves: "e4",
  winningColor: "white" as const,
  endReason: "resign" as const,
  clock: newClock(180_000, 0),
  endedAt: new Date(),
  ratingChanges: [],
  whiteEloChange: null,
  blackEloChange: null,
});

const resumed = {
  eventNo: 0,
  atPly: 0,
  drawOfferBy: null,
  lastDrawOfferPly: { w: -100, b: -100 },
  firstMoveDeadline: 1_000,
  goneSince: { w: 500, b: null },
};

describe("fenced game writers", () => {
  it("refuses the moves, state and end of an owner whose game was taken over", async () => {
    await newGame("fence1");
    const taken = await repo.takeOwnership("fence1", resumed, "node-b");
    expect(taken).toBe(2);
    // The state the new owner resumes in, and the node, are stored with its epoch, in the same write.
    expect(await repo.game("fence1")).toMatchObject({ roundState: resumed, ownerEpoch: 2, ownerNode: "node-b" });

    // The old owner (epoch 1) is refused, alone or in a statement with others; the new one (epoch 2) writes.
    await expect(repo.appendMoves([move("fence1", 1, 1, "d2d4")])).rejects.toBeInstanceOf(StaleOwnerError);
    await newGame("fence0");
    await expect(repo.appendMoves([move("fence0", 1, 1, "c2c4"), move("fence1", 1, 1, "d2d4")])).rejects.toThrow();
    expect(await repo.moves("fence0")).toEqual([]);
    await repo.appendMoves([move("fence1", 2, 1, "e2e4")]);
    expect((await repo.moves("fence1")).map((m) => m.uci)).toEqual(["e2e4"]);

    // A later takeover carries the game's stored moves over to the new epoch, and fences out the one before.
    expect(await repo.takeOwnership("fence1", resumed, "node-c")).toBe(3);
    await expect(repo.appendMoves([move("fence1", 2, 2, "e7e5")])).rejects.toBeInstanceOf(StaleOwnerError);
    await repo.appendMoves([move("fence1", 3, 2, "e7e5")]);
    expect((await repo.moves("fence1")).map((m) => m.uci)).toEqual(["e2e4", "e7e5"]);

    const state = {
      eventNo: 1,
      atPly: 1,
      drawOfferBy: "w" as const,
      lastDrawOfferPly: { w: 1, b: -100 },
      firstMoveDeadline: null,
      goneSince: { w: null, b: null },
    };
    await expect(repo.saveRoundState("fence1", 2, state)).rejects.toBeInstanceOf(StaleOwnerError);
    await expect(repo.finishGame(finish("fence1", 2))).rejects.toBeInstanceOf(StaleOwnerError);
    expect((await repo.game("fence1"))?.status).toBe("active");

    await repo.saveRoundState("fence1", 3, state);
    expect(await repo.finishGame(finish("fence1", 3))).toBe(true);
    // A finished game is nobody's to take, and ending it again is a no-op, not a stale owner.
    expect(await repo.takeOwnership("fence1", resumed, "node-d")).toBeUndefined();
    expect((await repo.game("fence1"))?.ownerNode).toBe("node-c");
    expect(await repo.finishGame(finish("fence1", 3))).toBe(false);
  });
});
