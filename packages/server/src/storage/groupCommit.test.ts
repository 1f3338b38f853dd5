import { describe, expect, it } from "vitest";
import { GroupCommit } from "./groupCommit.ts";

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("GroupCommit", () => {
  it("writes everything asked for in one event-loop turn as one batch, and answers each write", async () => {
    const batches: number[][] = [];
    const group = new GroupCommit<number>(async (batch) => {
      batches.push(batch.map((w) => w.item));
      for (const w of batch) w.resolve();
    });
    const first = [1, 2, 3].map((n) => group.write(n));
    await Promise.all(first);
    await Promise.all([group.write(4), group.write(5)]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it("starts the next turn's batch while one is in flight, up to maxInFlight, then waits", async () => {
    const started: number[][] = [];
    const finish: Array<() => void> = [];
    const group = new GroupCommit<number>(
      (batch) =>
        new Promise<void>((resolve) => {
          started.push(batch.map((w) => w.item));
          finish.push(() => {
            for (const w of batch) w.resolve();
            resolve();
          });
        }),
      500,
      2,
    );
    const writes = [group.write(1)];
    await turn();
    writes.push(group.write(2));
    await turn();
    writes.push(group.write(3), group.write(4));
    await turn();
    expect(started).toEqual([[1], [2]]);
    finish.shift()?.();
    await turn();
    await turn();
    expect(started).toEqual([[1], [2], [3, 4]]);
    for (const f of finish.splice(0)) f();
    await Promise.all(writes);
  });

  it("caps a batch at maxBatch, and rejects every write of a batch whose commit throws", async () => {
    const sizes: number[] = [];
    const group = new GroupCommit<number>(async (batch) => {
      sizes.push(batch.length);
      if (batch.some((w) => w.item < 0)) throw new Error("database down");
      for (const w of batch) w.resolve();
    }, 2);
    const results = await Promise.allSettled([group.write(1), group.write(-1), group.write(3)]);
    expect(sizes).toEqual([2, 1]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "fulfilled"]);
  });
});
