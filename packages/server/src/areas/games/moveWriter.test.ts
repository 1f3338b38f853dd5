import { newClock } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { type MoveWrite, StaleOwnerError } from "./gamesRepo.ts";
import { moveClockOf } from "./moveClock.ts";
import { MoveWriter } from "./moveWriter.ts";

const move = (gameId: string, ply: number, uci = "e2e4", epoch = 1): MoveWrite => ({
  gameId,
  epoch,
  ply,
  san: "e4",
  uci,
  fen: "x",
  clock: newClock(1000, 0),
  movedAt: new Date(0),
});

/** No stored moves: a repo that only writes. */
const noMoves = async () => [];

/** What node-postgres rejects with once Drizzle wrapped it. */
const dbError = (code: string | undefined, message: string) =>
  Object.assign(new Error("Failed query: insert into game_moves ..."), {
    cause: Object.assign(new Error(message), { code }),
  });

describe("MoveWriter", () => {
  it("refuses a stale owner's move and writes the rest of its batch", async () => {
    // As the database does: a row whose epoch is no longer its game's fails the statement (the foreign
    // key), and alone it is reported as a stale owner's.
    const written: string[] = [];
    const writer = new MoveWriter({
      appendMoves: async (b) => {
        const stale = b.find((m) => m.epoch !== 2);
        if (stale && b.length > 1) throw dbError("23503", "violates foreign key constraint");
        if (stale) throw new StaleOwnerError(stale.gameId);
        written.push(...b.map((m) => m.gameId));
      },
      moves: noMoves,
    });
    const fresh = writer.write(move("a", 1, "e2e4", 2));
    const stale = writer.write(move("b", 1, "e2e4", 1));
    await expect(fresh).resolves.toBeUndefined();
    await expect(stale).rejects.toThrow("written by another owner");
    expect(written).toEqual(["a"]);
  });

  it("writes the moves of one event-loop turn together", async () => {
    const batches: number[] = [];
    const writer = new MoveWriter({
      appendMoves: async (b) => {
        batches.push(b.length);
      },
      moves: noMoves,
    });
    await Promise.all([writer.write(move("a", 1)), writer.write(move("b", 1)), writer.write(move("c", 1))]);
    await writer.write(move("a", 2));
    expect(batches).toEqual([3, 1]);
  });

  it("does not hold a turn's moves behind a write in flight, up to its limit of statements", async () => {
    const batches: number[] = [];
    const releases: Array<() => void> = [];
    const writer = new MoveWriter(
      {
        appendMoves: async (b) => {
          batches.push(b.length);
          await new Promise<void>((r) => releases.push(r));
        },
        moves: noMoves,
      },
      500,
      2,
    );
    const turn = () => new Promise((r) => setImmediate(r));
    const first = writer.write(move("a", 1));
    await turn();
    const second = [writer.write(move("b", 1)), writer.write(move("c", 1))];
    await turn();
    // Two statements in flight: the third turn's moves wait for one of them, then go together.
    const third = [writer.write(move("d", 1)), writer.write(move("e", 1)), writer.write(move("f", 1))];
    await turn();
    expect(batches).toEqual([1, 2]);
    releases[0]?.();
    await first;
    await turn();
    await turn();
    expect(batches).toEqual([1, 2, 3]);
    for (const r of releases.slice(1)) r();
    await Promise.all([...second, ...third]);
  });

  it("fails only the bad move of a batch", async () => {
    let hold: () => void = () => {};
    let calls = 0;
    const writer = new MoveWriter({
      appendMoves: async (b) => {
        calls++;
        if (calls === 1) await new Promise<void>((r) => (hold = r));
        if (b.some((m) => m.gameId === "bad")) throw new Error("duplicate ply");
      },
      moves: noMoves,
    });
    const first = writer.write(move("a", 1));
    await new Promise((r) => setImmediate(r));
    const good = writer.write(move("b", 1));
    const bad = writer.write(move("bad", 1));
    hold();
    await first;
    await expect(good).resolves.toBeUndefined();
    await expect(bad).rejects.toThrow("duplicate ply");
  });

  it("counts a re-sent move whose ply already holds that very move as written", async () => {
    const stored = [{ ply: 3, uci: "g1f3", san: "Nf3", clock: moveClockOf(newClock(1000, 0)), movedAt: new Date(0) }];
    const writer = new MoveWriter({
      appendMoves: async () => {
        throw dbError("23505", "duplicate key value violates unique constraint");
      },
      moves: async () => stored,
    });
    await expect(writer.write(move("a", 3, "g1f3"))).resolves.toBeUndefined();
    await expect(writer.write(move("a", 3, "b1c3"))).rejects.toThrow("Failed query");
  });

  it("refuses a whole batch at once while the database is unreachable", async () => {
    let calls = 0;
    let hold: () => void = () => {};
    const writer = new MoveWriter({
      appendMoves: async () => {
        calls++;
        if (calls === 1) await new Promise<void>((r) => (hold = r));
        throw dbError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432");
      },
      moves: noMoves,
    });
    const first = writer.write(move("a", 1)).catch((e: unknown) => e);
    await new Promise((r) => setImmediate(r));
    const batch = [writer.write(move("b", 1)), writer.write(move("c", 1))].map((p) => p.catch((e: unknown) => e));
    hold();
    expect(await first).toBeInstanceOf(Error);
    expect(await Promise.all(batch)).toEqual([expect.any(Error), expect.any(Error)]);
    expect(calls).toBe(2);
  });
});
