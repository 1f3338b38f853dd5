import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LiveRounds } from "./liveRounds.ts";
import { testRound } from "./testRound.ts";

// The node's one-second sweeper would end these games too, a second late: here the deadlines alone are timed.
describe("LiveRounds: each game's next deadline", () => {
  let due: Array<[string, number]>;
  let rounds: LiveRounds;

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
    due = [];
    rounds = new LiveRounds(
      (id) => due.push([id, Date.now()]),
      () => Date.now(),
    );
  });
  afterEach(() => {
    rounds.stopTimers();
    vi.useRealTimers();
  });

  const running = (id: string, since: number, w: number, b: number) =>
    testRound({
      id,
      players: {
        w: { sessionId: `${id}w`, userId: null, name: "W" },
        b: { sessionId: `${id}b`, userId: null, name: "B" },
      },
      clock: { ...testRound().clock, turn: "w", runningSince: since, remaining: { w, b } },
    });

  it("calls a game due at its mover's flag, and again at the new flag once it is rescheduled", () => {
    const t0 = Date.now();
    const a = running("a", t0, 3_000, 9_000);
    const b = running("b", t0, 1_000, 9_000);
    rounds.register(a);
    rounds.register(b);
    vi.advanceTimersByTime(999);
    expect(due).toEqual([]);
    vi.advanceTimersByTime(10);
    expect(due).toEqual([["b", t0 + 1_005]]);

    // a moves at +2 s: Black's clock runs now, 9 s from then.
    vi.advanceTimersByTime(991);
    expect(Date.now()).toBe(t0 + 2_000);
    a.clock = { ...a.clock, turn: "b", runningSince: t0 + 2_000, remaining: { w: 1_000, b: 9_000 } };
    rounds.schedule(a);
    vi.advanceTimersByTime(8_990);
    expect(due).toEqual([["b", t0 + 1_005]]);
    vi.advanceTimersByTime(20);
    expect(due).toEqual([
      ["b", t0 + 1_005],
      ["a", t0 + 11_005],
    ]);
  });

  it("takes the first-move or idle limit when it comes before the flag, and none for a game that ended", () => {
    const t0 = Date.now();
    const fresh = testRound({ id: "fresh", firstMoveDeadline: t0 + 500 });
    const idle = running("idle", t0, 60_000, 60_000);
    idle.idleDeadline = t0 + 700;
    const gone = running("gone", t0, 300, 300);
    rounds.register(fresh);
    rounds.register(idle);
    rounds.register(gone);
    rounds.unregister(gone);
    vi.advanceTimersByTime(5_000);
    expect(due.map(([id]) => id)).toEqual(["fresh", "idle"]);
  });

  it("has no deadline for a clock that is not running and no limit", () => {
    rounds.register(testRound({ id: "untimed" }));
    vi.advanceTimersByTime(600_000);
    expect(due).toEqual([]);
  });

  it("calls no held game due while it is held, and at its credited flag once it is released", () => {
    const t0 = Date.now();
    const a = running("a", t0, 1_000, 9_000);
    rounds.register(a);
    expect(rounds.hold("a", t0 + 500)).toBe(true);
    // Held already since then; a later failure does not move it, an earlier one does.
    expect(rounds.hold("a", t0 + 700)).toBe(false);
    expect(rounds.hold("a", t0 + 400)).toBe(true);
    expect(rounds.heldSince("a")).toBe(t0 + 400);
    expect(rounds.hold("unknown", t0)).toBe(false);
    vi.advanceTimersByTime(5_000);
    expect(due).toEqual([]);
    // Its round credited with the 4.6 s held: 600 ms of White's time are left, from now.
    const credited = { ...a, clock: { ...a.clock, runningSince: t0 + 4_600 } };
    rounds.replace(a, credited);
    vi.advanceTimersByTime(5_000 - Date.now() + t0);
    expect(due).toEqual([]);
    rounds.release("a");
    expect(rounds.heldIds()).toEqual([]);
    vi.advanceTimersByTime(590);
    expect(due).toEqual([]);
    vi.advanceTimersByTime(20);
    expect(due).toEqual([["a", t0 + 5_605]]);
  });

  it("replaces a round only while it is still the game's", () => {
    const a = running("a", Date.now(), 1_000, 9_000);
    const b = { ...a };
    rounds.register(a);
    expect(rounds.replace(b, { ...a, ply: 9 })).toBe(false);
    expect(rounds.replace(a, b)).toBe(true);
    expect(rounds.get("a")).toBe(b);
    rounds.unregister(b);
    expect(rounds.replace(b, a)).toBe(false);
    expect(rounds.get("a")).toBeUndefined();
  });
});
