import { describe, expect, it } from "vitest";
import { DAY_MS } from "./daily.ts";
import {
  endVacation,
  newVacationLedger,
  startVacation,
  type VacationLedger,
  vacationRunsOutAt,
  vacationStatus,
} from "./dailyVacation.ts";

const HOUR = 3_600_000;
/** 2 January 2026, 00:00 UTC: the next credits are on 15 January, 1 February, 15 February... */
const at = (month: number, day: number, hours = 0) => Date.UTC(2026, month - 1, day, hours);
const T0 = at(1, 2);

const started = (ledger: VacationLedger, now: number): VacationLedger => {
  const r = startVacation(ledger, now);
  if (!r.ok) throw new Error(r.message);
  return r.ledger;
};
const ledgerOf = (days: number, asOf = T0): VacationLedger => ({ balanceMs: days * DAY_MS, asOf, since: null });

describe("the vacation balance", () => {
  it.each([
    ["7 days at sign-up", T0, 7 * DAY_MS],
    ["before the first credit", at(1, 14, 23), 7 * DAY_MS],
    ["a day on the 15th", at(1, 15), 8 * DAY_MS],
    ["and one on the 1st", at(2, 1), 9 * DAY_MS],
    ["2 a month", at(7, 1), 7 * DAY_MS + 12 * DAY_MS],
    ["capped at 30 days", Date.UTC(2027, 0, 2), 30 * DAY_MS],
    ["still 30 days years on", Date.UTC(2031, 5, 20), 30 * DAY_MS],
  ])("%s", (_name, t, balance) => {
    expect(vacationStatus(newVacationLedger(T0), t)).toEqual({
      balanceMs: balance,
      onVacation: false,
      since: null,
      runsOutAt: null,
    });
  });

  it("does not credit the instant it was worked out at twice", () => {
    expect(vacationStatus(ledgerOf(7, at(1, 15)), at(1, 15)).balanceMs).toBe(7 * DAY_MS);
  });
});

describe("a vacation", () => {
  it.each([
    ["2 hours cost the minimum day", T0, at(1, 2, 2), 2 * HOUR, DAY_MS, 6 * DAY_MS],
    ["exactly a day", T0, at(1, 3), DAY_MS, DAY_MS, 6 * DAY_MS],
    ["3 days and a half", T0, at(1, 5, 12), 3.5 * DAY_MS, 3.5 * DAY_MS, 3.5 * DAY_MS],
    ["over a credit: the credit counts", at(1, 12), at(1, 16), 4 * DAY_MS, 4 * DAY_MS, 4 * DAY_MS],
    ["all of it, the credit of the 15th too", at(1, 12), at(1, 25), 8 * DAY_MS, 8 * DAY_MS, 0],
    ["asked to end after it ran out: it ended when it ran out", T0, at(3, 1), 7 * DAY_MS, 7 * DAY_MS, 0],
  ])("%s", (_name, start, end, paused, charged, left) => {
    const on = started(newVacationLedger(T0), start);
    const r = endVacation(on, end);
    expect(r).toEqual({
      ok: true,
      ledger: { balanceMs: left, asOf: start + paused, since: null },
      endedAt: start + paused,
      pausedMs: paused,
      chargedMs: charged,
    });
  });

  it("charges no more than is left when less than a day is", () => {
    const on = started(ledgerOf(0.5), T0);
    expect(endVacation(on, T0 + HOUR)).toMatchObject({ pausedMs: HOUR, chargedMs: 0.5 * DAY_MS });
  });

  it("runs out when the balance does, later for credits received meanwhile", () => {
    expect(vacationRunsOutAt(started(ledgerOf(3), T0))).toBe(at(1, 5));
    // 10 January + 7 days would be the 17th; the 15th's day makes it the 18th.
    expect(vacationRunsOutAt(started(newVacationLedger(T0), at(1, 10)))).toBe(at(1, 18));
    expect(vacationRunsOutAt(ledgerOf(3))).toBeNull();
  });

  it("while on vacation, shows what would be left, the minimum day counted", () => {
    const on = started(ledgerOf(7), T0);
    expect(vacationStatus(on, T0 + 2 * HOUR)).toEqual({
      balanceMs: 6 * DAY_MS,
      onVacation: true,
      since: T0,
      runsOutAt: at(1, 9),
    });
    expect(vacationStatus(on, at(1, 5)).balanceMs).toBe(4 * DAY_MS);
    expect(vacationStatus(on, at(1, 10))).toEqual({ balanceMs: 0, onVacation: false, since: null, runsOutAt: null });
  });

  it("keeps the cap while on vacation: a credit adds to what is left", () => {
    const on = started(ledgerOf(30), at(1, 10));
    // 5 days used by the 15th: 25 + 1.
    expect(endVacation(on, at(1, 20))).toMatchObject({ ledger: { balanceMs: 21 * DAY_MS }, chargedMs: 10 * DAY_MS });
  });

  it("credits again after running out", () => {
    const on = started(ledgerOf(1), at(1, 20));
    expect(vacationStatus(on, at(2, 1))).toMatchObject({ balanceMs: DAY_MS, onVacation: false });
    expect(startVacation(on, at(2, 2))).toEqual({
      ok: true,
      ledger: { balanceMs: DAY_MS, asOf: at(2, 2), since: at(2, 2) },
    });
  });

  it.each<[string, VacationLedger, "start" | "end", string, string]>([
    ["no time left", ledgerOf(0), "start", "no_vacation", "You have no vacation time left"],
    ["already on vacation", started(ledgerOf(7), T0), "start", "on_vacation", "You are already on vacation"],
    ["ending without one", ledgerOf(7), "end", "not_on_vacation", "You are not on vacation"],
  ])("refuses %s", (_name, ledger, action, code, message) => {
    const r = action === "start" ? startVacation(ledger, T0 + HOUR) : endVacation(ledger, T0 + HOUR);
    expect(r).toEqual({ ok: false, code, message });
  });

  it("gives the same balance worked out in steps as at once", () => {
    const a = started(ledgerOf(20), at(1, 12));
    const b = endVacation(a, at(2, 3, 7));
    if (!b.ok) throw new Error(b.message);
    const c = started(b.ledger, at(4, 9));
    const d = endVacation(c, at(4, 9, 5));
    if (!d.ok) throw new Error(d.message);
    // 20 + 2 credits (15 Jan, 1 Feb) - 22 days 7 hours = -> the vacation ran out; then credits from then.
    expect(b.endedAt).toBe(at(1, 12) + 22 * DAY_MS);
    // 15 Feb, 1 Mar, 15 Mar, 1 Apr: 4 days, less the minimum day.
    expect(d.ledger.balanceMs).toBe(3 * DAY_MS);
    expect(vacationStatus(d.ledger, at(4, 15)).balanceMs).toBe(4 * DAY_MS);
  });
});
