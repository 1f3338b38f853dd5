import { newClock } from "@chess/shared";
import { describe, expect, it } from "vitest";
import type { MoveWrite } from "./gamesRepo.ts";
import { MoveWriter } from "./moveWriter.ts";

const move = (gameId: string, ply: number): MoveWrite => ({
  gameId,
  ply,
  san: "e4",
  uci: "e2e4",
  fen: "x",
  clock: newClock(1000, 0),
  whiteMs: 1000,
  blackMs: 1000,
  movedAt: new Date(0),
});

describe("MoveWriter", () => {
  it("writes the moves of one event-loop turn together", async () => {
    const batches: number[] = [];
    const writer = new MoveWriter({ appendMoves: async (b) => void batches.push(b.length) });
    await Promise.all([writer.write(move("a", 1)), writer.write(move("b", 1)), writer.write(move("c", 1))]);
    await writer.write(move("a", 2));
    expect(batches).toEqual([3, 1]);
  });

  it("batches moves that arrive while a write is in flight", async () => {
    const batches: number[] = [];
    let release: () => void = () => {};
    const writer = new MoveWriter({
      appendMoves: async (b) => {
        batches.push(b.length);
        if (batches.length === 1) await new Promise<void>((r) => (release = r));
      },
    });
    const first = writer.write(move("a", 1));
    await new Promise((r) => setImmediate(r));
    const rest = [writer.write(move("b", 1)), writer.write(move("c", 1)), writer.write(move("d", 1))];
    release();
    await Promise.all([first, ...rest]);
    expect(batches).toEqual([1, 3]);
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
});
