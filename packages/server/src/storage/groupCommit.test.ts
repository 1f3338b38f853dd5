import { describe, expect, it, vi } from "vitest";
import { allOrEachAlone, GroupCommit, type PendingWrite, STALLED_IN_FLIGHT } from "./groupCommit.ts";

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A commit that holds each batch until the test lets it finish: the batches started, and what finishes each. */
function heldCommits() {
  const started: number[][] = [];
  const finish: Array<() => void> = [];
  const commit = (batch: Array<PendingWrite<number>>) =>
    new Promise<void>((resolve) => {
      started.push(batch.map((w) => w.item));
      finish.push(() => {
        for (const w of batch) w.resolve();
        resolve();
      });
    });
  return { started, finish, commit };
}

/** Writes each group of items in an event-loop turn of its own; the writes, to await at the end. */
async function writeInTurns(group: GroupCommit<number>, turns: number[][]): Promise<Array<Promise<void>>> {
  const writes: Array<Promise<void>> = [];
  for (const items of turns) {
    for (const n of items) writes.push(group.write(n));
    await turn();
  }
  return writes;
}

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
    const { started, finish, commit } = heldCommits();
    const group = new GroupCommit<number>(commit, 500, 2, 60_000);
    const writes = await writeInTurns(group, [[1], [2], [3, 4]]);
    expect(started).toEqual([[1], [2]]);
    finish.shift()?.();
    await turn();
    await turn();
    expect(started).toEqual([[1], [2], [3, 4]]);
    for (const f of finish.splice(0)) f();
    await Promise.all(writes);
  });

  it("sends on while every statement is in flight (a stalled sync): one statement every stallMs, up to a bound", async () => {
    const { started, finish, commit } = heldCommits();
    const group = new GroupCommit<number>(commit, 500, 1, 20);
    const writes = await writeInTurns(group, [[1], [2], [3]]);
    // The one statement allowed is out and stuck: 2 and 3 wait for the stall's next slot, together.
    expect(started).toEqual([[1]]);
    await vi.waitFor(() => expect(started).toEqual([[1], [2, 3]]));
    // No more than STALLED_IN_FLIGHT times maxInFlight statements out, however long the stall.
    let n = 4;
    for (; started.length < STALLED_IN_FLIGHT && n < 1000; n++) {
      writes.push(group.write(n));
      await new Promise((r) => setTimeout(r, 25));
    }
    for (const end = n + 3; n < end; n++) writes.push(group.write(n));
    await new Promise((r) => setTimeout(r, 100));
    expect(started).toHaveLength(STALLED_IN_FLIGHT);
    // The stall ends: the rest go out at once, as one batch.
    for (const f of finish.splice(0)) f();
    await turn();
    await turn();
    expect(started).toHaveLength(STALLED_IN_FLIGHT + 1);
    for (const f of finish.splice(0)) f();
    await Promise.all(writes);
    expect(started.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: n - 1 }, (_, i) => i + 1));
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

describe("allOrEachAlone", () => {
  const constraint = Object.assign(new Error("duplicate key"), { code: "23505" });
  const unavailable = Object.assign(new Error("connection refused"), { code: "ECONNREFUSED" });
  /** A statement that fails whole when any of its rows is in `bad`, with `error`; the rows it wrote. */
  function table(bad: Set<number>, error: Error) {
    const statements: number[][] = [];
    const write = async (items: number[]) => {
      statements.push(items);
      if (items.some((n) => bad.has(n))) throw error;
    };
    return { statements, write };
  }

  it("writes a batch in one statement and answers each write", async () => {
    const t = table(new Set(), constraint);
    const group = new GroupCommit(allOrEachAlone(t.write));
    await Promise.all([1, 2, 3].map((n) => group.write(n)));
    expect(t.statements).toEqual([[1, 2, 3]]);
  });

  it("writes each row alone when one row fails the statement: only that row's write is refused", async () => {
    const t = table(new Set([2]), constraint);
    const group = new GroupCommit(allOrEachAlone(t.write));
    const results = await Promise.allSettled([1, 2, 3].map((n) => group.write(n)));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(t.statements).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it("refuses every write at once while the database is unavailable, without a try per row", async () => {
    const t = table(new Set([1, 2, 3]), unavailable);
    const group = new GroupCommit(allOrEachAlone(t.write));
    const results = await Promise.allSettled([1, 2, 3].map((n) => group.write(n)));
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(t.statements).toEqual([[1, 2, 3]]);
  });

  it("hands a write that failed alone to failedAlone, which may still count it written", async () => {
    const t = table(new Set([2, 3]), constraint);
    const settled: Array<[number, unknown]> = [];
    const group = new GroupCommit(
      allOrEachAlone(t.write, (w, error) => {
        settled.push([w.item, error]);
        if (w.item === 2) w.resolve();
        else w.reject(error);
      }),
    );
    const batch = await Promise.allSettled([1, 2, 3].map((n) => group.write(n)));
    expect(batch.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
    expect(settled).toEqual([
      [2, constraint],
      [3, constraint],
    ]);
    const alone = await Promise.allSettled([group.write(3)]);
    expect(alone[0]?.status).toBe("rejected");
    expect(settled.at(-1)).toEqual([3, constraint]);
  });
});
