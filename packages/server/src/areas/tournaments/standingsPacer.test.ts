import { describe, expect, it } from "vitest";
import type { Timers } from "./arenaDirector.ts";
import { standingsPacer } from "./standingsPacer.ts";

/** The clock's start: far from 0, as a real one. */
const T = 100_000;

class Clock implements Timers {
  t = T;
  private tasks: Array<{ at: number; fn: () => void }> = [];
  now = () => this.t;
  setTimeout = (fn: () => void, ms: number) => {
    const task = { at: this.t + ms, fn };
    this.tasks.push(task);
    return task;
  };
  clearTimeout = (handle: unknown) => {
    this.tasks = this.tasks.filter((t) => t !== handle);
  };
  /** Moves on by `ms`, running what falls due (and letting the promises it starts settle). */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      const due = this.tasks.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.tasks = this.tasks.filter((t) => t !== due);
      this.t = due.at;
      due.fn();
      await new Promise((r) => setImmediate(r));
    }
    this.t = end;
    await new Promise((r) => setImmediate(r));
  }
}

function setup(deliveryMs = 0) {
  const clock = new Clock();
  const sends: Array<{ start: number; end: number }> = [];
  const pacer = standingsPacer({
    every: 1000,
    timers: clock,
    send: async () => {
      const entry = { start: clock.now(), end: -1 };
      sends.push(entry);
      if (deliveryMs > 0) await new Promise<void>((r) => clock.setTimeout(r, deliveryMs));
      entry.end = clock.now();
    },
    failed: () => {},
  });
  return { clock, sends, pacer };
}

describe("standingsPacer", () => {
  it("sends at once the first time, then once a second for all the changes in it", async () => {
    const { clock, sends, pacer } = setup();
    pacer.changed("a");
    await clock.advance(0);
    expect(sends.map((s) => s.start)).toEqual([T]);
    for (const at of [100, 300, 900]) {
      await clock.advance(T + at - clock.now());
      pacer.changed("a");
    }
    await clock.advance(2000);
    expect(sends.map((s) => s.start)).toEqual([T, T + 1000]);
  });

  it("counts the second from when the last send was over, and sends a change made during it after", async () => {
    // A big room's standings take 700 ms to reach its last follower.
    const { clock, sends, pacer } = setup(700);
    pacer.changed("a");
    await clock.advance(100);
    pacer.changed("a");
    await clock.advance(5000);
    expect(sends).toEqual([
      { start: T, end: T + 700 },
      { start: T + 1700, end: T + 2400 },
    ]);
    // Every follower: at least a second between the two.
    const first = sends[0] as { end: number };
    const second = sends[1] as { start: number };
    expect(second.start - first.end).toBeGreaterThanOrEqual(1000);
  });

  it("sends at once when told, and nothing more once the arena is forgotten", async () => {
    const { clock, sends, pacer } = setup();
    pacer.changed("a");
    await clock.advance(0);
    pacer.changed("a");
    await pacer.now("a");
    pacer.forget("a");
    await clock.advance(5000);
    expect(sends.map((s) => s.start)).toEqual([T, T]);
  });

  it("keeps arenas apart, and a failed send does not stop the next", async () => {
    const clock = new Clock();
    const sent: string[] = [];
    const failures: string[] = [];
    let fail = true;
    const pacer = standingsPacer({
      every: 1000,
      timers: clock,
      send: async (id) => {
        if (id === "b" && fail) {
          fail = false;
          throw new Error("database away");
        }
        sent.push(`${id}@${clock.now()}`);
      },
      failed: (_err, id) => failures.push(id),
    });
    pacer.changed("a");
    pacer.changed("b");
    await clock.advance(0);
    pacer.changed("b");
    await clock.advance(2000);
    expect(failures).toEqual(["b"]);
    expect(sent).toEqual([`a@${T}`, `b@${T + 1000}`]);
  });
});
