import { describe, expect, it } from "vitest";
import { Lanes } from "./pgliteLanes.ts";

/** A turn that records when it starts and ends only when told to. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const ended = new Promise<void>((r) => {
    open = r;
  });
  return {
    turn: () => {
      log.push(name);
      return ended;
    },
    open,
  };
}

const settle = () => new Promise((r) => setImmediate(r));

describe("Lanes: one turn at a time, urgent ones first", () => {
  it("runs urgent turns before the normal ones queued ahead of them, after the turn running ends", async () => {
    const lanes = new Lanes();
    const log: string[] = [];
    const first = gate(log, "running");
    lanes.run(first.turn, false);
    for (let i = 1; i <= 3; i++) lanes.run(async () => void log.push(`normal ${i}`), false);
    lanes.run(async () => void log.push("urgent 1"), true);
    lanes.run(async () => void log.push("normal 4"), false);
    lanes.run(async () => void log.push("urgent 2"), true);
    await settle();
    expect(log).toEqual(["running"]);
    expect(lanes.waiting).toEqual({ urgent: 2, normal: 4 });
    first.open();
    await settle();
    expect(log).toEqual(["running", "urgent 1", "urgent 2", "normal 1", "normal 2", "normal 3", "normal 4"]);
  });

  it("goes on after a turn that rejects or throws", async () => {
    const lanes = new Lanes();
    const log: string[] = [];
    lanes.run(() => Promise.reject(new Error("failed")), false);
    lanes.run(() => {
      throw new Error("threw");
    }, true);
    lanes.run(async () => void log.push("after"), false);
    await settle();
    expect(log).toEqual(["after"]);
    expect(lanes.waiting).toEqual({ urgent: 0, normal: 0 });
  });

  it("lets a waiting normal turn run after so many urgent ones in a row: a flood of them starves nothing", async () => {
    const lanes = new Lanes(3);
    const log: string[] = [];
    const first = gate(log, "running");
    lanes.run(first.turn, false);
    lanes.run(async () => void log.push("normal 1"), false);
    lanes.run(async () => void log.push("normal 2"), false);
    for (let i = 1; i <= 7; i++) lanes.run(async () => void log.push(`urgent ${i}`), true);
    first.open();
    await settle();
    expect(log).toEqual([
      "running",
      ...["urgent 1", "urgent 2", "urgent 3", "normal 1"],
      ...["urgent 4", "urgent 5", "urgent 6", "normal 2"],
      "urgent 7",
    ]);
  });

  it("counts urgent turns in a row only while a normal one waits", async () => {
    const lanes = new Lanes(2);
    const log: string[] = [];
    for (let i = 1; i <= 5; i++) lanes.run(async () => void log.push(`urgent ${i}`), true);
    await settle();
    const running = gate(log, "urgent running");
    lanes.run(running.turn, true);
    lanes.run(async () => void log.push("normal"), false);
    lanes.run(async () => void log.push("urgent next"), true);
    running.open();
    await settle();
    expect(log.slice(5)).toEqual(["urgent running", "urgent next", "normal"]);
  });
});
