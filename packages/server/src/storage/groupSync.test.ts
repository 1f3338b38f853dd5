import { describe, expect, it } from "vitest";
import { GroupSync } from "./groupSync.ts";

/** A sync hook the test completes by hand, recording what it was asked to cover. */
function manualSync() {
  const calls: Array<{ covers: number; done: () => void; fail: (e: Error) => void }> = [];
  let written = 0;
  const hook = () =>
    new Promise<void>((resolve, reject) => {
      calls.push({ covers: written, done: resolve, fail: reject });
    });
  return {
    calls,
    hook,
    write(group: GroupSync) {
      written++;
      group.noteWrite();
    },
  };
}

const flush = () => new Promise((r) => setImmediate(r));

describe("GroupSync: a commit resolves only once a sync covering it completed", () => {
  it("does not resolve before the sync hook completes", async () => {
    const s = manualSync();
    const group = new GroupSync(s.hook);
    s.write(group);
    let resolved = false;
    const committed = group.durable().then(() => {
      resolved = true;
    });
    await flush();
    expect(s.calls).toHaveLength(1);
    expect(resolved).toBe(false);
    s.calls[0]?.done();
    await committed;
    expect(resolved).toBe(true);
  });

  it("lets concurrent commits waiting on the same sync share one", async () => {
    const s = manualSync();
    const group = new GroupSync(s.hook);
    for (let i = 0; i < 10; i++) s.write(group);
    const commits = Array.from({ length: 10 }, () => group.durable());
    await flush();
    expect(s.calls).toHaveLength(1);
    s.calls[0]?.done();
    await Promise.all(commits);
    expect(group.stats()).toEqual({ written: 10, synced: 10, syncs: 1 });
  });

  it("syncs the first commit at once and groups the ones that arrive while it runs", async () => {
    const s = manualSync();
    const group = new GroupSync(s.hook);
    const commits: Promise<void>[] = [];
    for (let i = 0; i < 10; i++) {
      s.write(group);
      commits.push(group.durable());
    }
    await flush();
    expect(s.calls.map((c) => c.covers)).toEqual([1]);
    s.calls[0]?.done();
    await flush();
    expect(s.calls.map((c) => c.covers)).toEqual([1, 10]);
    s.calls[1]?.done();
    await Promise.all(commits);
    expect(group.stats()).toEqual({ written: 10, synced: 10, syncs: 2 });
  });

  it("makes a write made during a sync wait for the next one, which starts when the running one ends", async () => {
    const s = manualSync();
    const group = new GroupSync(s.hook);
    s.write(group);
    const first = group.durable();
    await flush();
    s.write(group);
    let secondDone = false;
    const second = group.durable().then(() => {
      secondDone = true;
    });
    s.write(group);
    const third = group.durable();
    await flush();
    expect(s.calls).toHaveLength(1);
    s.calls[0]?.done();
    await first;
    await flush();
    expect(secondDone).toBe(false);
    // The second sync covers both writes made meanwhile.
    expect(s.calls).toHaveLength(2);
    expect(s.calls[1]?.covers).toBe(3);
    s.calls[1]?.done();
    await Promise.all([second, third]);
    expect(group.stats().syncs).toBe(2);
  });

  it("answers at once, with no sync, when nothing was written since the last one", async () => {
    const s = manualSync();
    const group = new GroupSync(s.hook);
    await group.durable();
    s.write(group);
    const p = group.durable();
    await flush();
    s.calls[0]?.done();
    await p;
    await group.durable();
    expect(s.calls).toHaveLength(1);
  });

  it("fails every waiting commit and every later one once a sync failed", async () => {
    const s = manualSync();
    const group = new GroupSync(s.hook);
    s.write(group);
    const a = group.durable();
    const b = group.durable();
    await flush();
    s.calls[0]?.fail(Object.assign(new Error("EIO: i/o error, fdatasync"), { code: "EIO" }));
    await expect(a).rejects.toThrow("EIO");
    await expect(b).rejects.toThrow("EIO");
    await expect(group.durable()).rejects.toThrow("EIO");
    expect(s.calls).toHaveLength(1);
  });

  it("counts a hook that throws synchronously as a failed sync", async () => {
    const group = new GroupSync(() => {
      throw new Error("bad descriptor");
    });
    group.noteWrite();
    await expect(group.durable()).rejects.toThrow("bad descriptor");
  });
});
