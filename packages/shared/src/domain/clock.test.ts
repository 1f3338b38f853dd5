import { describe, expect, it } from "vitest";
import { applyMoveToClock, creditClock, flagAt, lagGainMs, newClock, timeLeft } from "./clock.ts";

const move = (clock: ReturnType<typeof newClock>, now: number, startRunning: boolean, lag = 0) => {
  const r = applyMoveToClock(clock, now, { startRunning, reportedLagMs: lag });
  if (!r.ok) throw new Error(`flagged ${r.flagged}`);
  return r.clock;
};

describe("clock", () => {
  it("does not run before both first moves, then charges the mover and adds increment", () => {
    let c = newClock(60_000, 2_000);
    c = move(c, 10_000, false); // white's first move: clock still stopped
    expect(c.runningSince).toBeNull();
    expect(timeLeft(c, 50_000)).toEqual({ w: 60_000, b: 60_000 });
    c = move(c, 20_000, true); // black's first move starts white's clock
    expect(c.runningSince).toBe(20_000);
    expect(timeLeft(c, 25_000)).toEqual({ w: 55_000, b: 60_000 });
    c = move(c, 25_000, true);
    expect(c.remaining.w).toBe(55_000 + 2_000);
    expect(c.turn).toBe("b");
    expect(flagAt(c)).toBe(25_000 + 60_000);
  });

  it("flags a move that arrives after the time ran out", () => {
    let c = newClock(1_000, 0);
    c = move(c, 0, false);
    c = move(c, 0, true);
    expect(applyMoveToClock(c, 5_000, { startRunning: true })).toEqual({ ok: false, flagged: "w" });
  });

  it("credits reported lag within a quota that refills per move and is capped", () => {
    const gain = lagGainMs(60_000, 0); // 150 + 4 × 60 = 390 ms
    expect(gain).toBe(390);
    let c = newClock(60_000, 0);
    c = move(c, 0, false);
    c = move(c, 0, true);
    expect(c.lagQuota.w).toBe(3 * gain);
    // claims 5 s of lag: only the quota (1170 ms) is credited
    c = move(c, 3_000, true, 5_000);
    expect(c.remaining.w).toBe(60_000 - (3_000 - 3 * gain));
    expect(c.lagQuota.w).toBe(gain);
    expect(lagGainMs(600_000, 5_000)).toBe(1000);
  });

  it("never credits more than 7× the gain however long a player does not lag", () => {
    let c = newClock(60_000, 0);
    c = move(c, 0, false);
    c = move(c, 0, true);
    for (let i = 1; i <= 40; i++) c = move(c, i * 100, true, 0);
    expect(c.lagQuota.w).toBe(7 * c.lagGain);
    expect(c.lagQuota.b).toBe(7 * c.lagGain);
  });

  it("credits both sides after a restart and restarts the mover's turn", () => {
    let c = newClock(60_000, 0);
    c = move(c, 0, false);
    c = move(c, 0, true);
    c = creditClock(c, 10_000, { w: 20_000, b: 10_000 });
    expect(c.remaining).toEqual({ w: 70_000, b: 70_000 });
    expect(c.runningSince).toBe(10_000);
  });
});
