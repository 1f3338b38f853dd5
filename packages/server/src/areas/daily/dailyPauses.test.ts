import {
  DAY_MS,
  type DailyClock,
  dailyClockAfterMove,
  dailyTimeLeft,
  newDailyClock,
  newVacationLedger,
  type VacationLedger,
} from "@chess/shared";
import { describe, expect, it } from "vitest";
import { comeBack, goOnVacation, moveInGame, type PlayerGame, vacationBeforeMove } from "./dailyPauses.ts";

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 2);

/** Three games: mine to move (3 days, 1 day used), mine to move (1 day, fresh), the opponent's to move. */
const games: PlayerGame[] = [
  { gameId: "mine3", clock: newDailyClock(3, T0 - DAY_MS), playerToMove: true },
  { gameId: "mine1", clock: newDailyClock(1, T0), playerToMove: true },
  { gameId: "theirs", clock: newDailyClock(2, T0), playerToMove: false },
];

const onVacation = (at: number): { ledger: VacationLedger; games: PlayerGame[] } => {
  const r = goOnVacation(newVacationLedger(T0 - 30 * DAY_MS), games, at);
  if (!r.ok) throw new Error(r.message);
  const clocks = new Map(r.clocks.map((c) => [c.gameId, c.clock]));
  return { ledger: r.ledger, games: games.map((g) => ({ ...g, clock: clocks.get(g.gameId) ?? g.clock })) };
};
const clockOf = (list: readonly PlayerGame[], id: string): DailyClock => list.find((g) => g.gameId === id)!.clock;

describe("goOnVacation", () => {
  it("stops every game on the player's turn, and only those", () => {
    const r = goOnVacation(newVacationLedger(T0 - 30 * DAY_MS), games, T0 + HOUR);
    expect(r).toMatchObject({
      ok: true,
      ledger: { since: T0 + HOUR },
      clocks: [
        { gameId: "mine3", clock: { days: 3, deadline: null, pausedLeftMs: 2 * DAY_MS - HOUR } },
        { gameId: "mine1", clock: { days: 1, deadline: null, pausedLeftMs: DAY_MS - HOUR } },
      ],
    });
  });

  it.each<[string, VacationLedger, string]>([
    ["no vacation left", { balanceMs: 0, asOf: T0, since: null }, "no_vacation"],
    ["already on vacation", { balanceMs: DAY_MS, asOf: T0, since: T0 }, "on_vacation"],
  ])("is refused with %s, changing nothing", (_name, ledger, code) => {
    expect(goOnVacation(ledger, games, T0 + HOUR)).toMatchObject({ ok: false, code });
  });
});

describe("comeBack", () => {
  it("resumes the paused games, each deadline shifted by the time paused", () => {
    const away = onVacation(T0 + HOUR);
    const r = comeBack(away.ledger, away.games, T0 + 3 * DAY_MS + HOUR);
    expect(r).toMatchObject({
      ok: true,
      endedAt: T0 + 3 * DAY_MS + HOUR,
      chargedMs: 3 * DAY_MS,
      clocks: [
        { gameId: "mine3", clock: { deadline: T0 + 5 * DAY_MS, pausedLeftMs: null } },
        { gameId: "mine1", clock: { deadline: T0 + 4 * DAY_MS, pausedLeftMs: null } },
      ],
    });
  });

  it("charges a day for a short one", () => {
    const away = onVacation(T0);
    expect(comeBack(away.ledger, away.games, T0 + HOUR)).toMatchObject({ chargedMs: DAY_MS });
  });

  it("resumes from the moment a vacation ran out, not from when it is noticed", () => {
    const away = onVacation(T0);
    const ranOut = away.ledger.since! + away.ledger.balanceMs;
    const r = comeBack(away.ledger, away.games, ranOut + 5 * DAY_MS);
    expect(r).toMatchObject({ ok: true, endedAt: ranOut });
    if (!r.ok) return;
    expect(r.clocks.find((c) => c.gameId === "mine1")?.clock.deadline).toBe(ranOut + DAY_MS);
  });

  it("gives a game the opponent moved in meanwhile its full allowance from the return", () => {
    const away = onVacation(T0);
    const moved = games.map((g) =>
      g.gameId === "theirs" ? { ...g, clock: dailyClockAfterMove(g.clock, T0 + DAY_MS, true), playerToMove: true } : g,
    );
    const r = comeBack(away.ledger, moved, T0 + 4 * DAY_MS);
    expect(r.ok && r.clocks.find((c) => c.gameId === "theirs")?.clock.deadline).toBe(T0 + 6 * DAY_MS);
  });

  it("is refused when not on vacation", () => {
    expect(comeBack(newVacationLedger(T0), games, T0)).toMatchObject({ ok: false, code: "not_on_vacation" });
  });
});

describe("vacationBeforeMove", () => {
  it("is nothing for a player not on vacation", () => {
    expect(vacationBeforeMove(newVacationLedger(T0), games, T0)).toBeNull();
  });

  it("ends the vacation of a player who moves: the game moved in had its time stopped until the move", () => {
    const away = onVacation(T0 + HOUR);
    const now = T0 + 2 * DAY_MS;
    const r = vacationBeforeMove(away.ledger, away.games, now);
    expect(r).toMatchObject({ ok: true, endedAt: now, ledger: { since: null } });
    const resumed = r!.clocks.find((c) => c.gameId === "mine1")!.clock;
    expect(dailyTimeLeft(resumed, now)).toBe(DAY_MS - HOUR);
    expect(dailyTimeLeft(clockOf(away.games, "mine1"), now)).toBe(DAY_MS - HOUR);
  });
});

describe("moveInGame", () => {
  const paused = clockOf(onVacation(T0).games, "mine1");

  it.each([
    ["a running game takes the move", newDailyClock(1, T0), true, "play"],
    ["the vacationer's move ends the vacation first", paused, true, "endsVacation"],
    [
      "the opponent's move waits for the vacationer",
      paused,
      false,
      {
        ok: false,
        code: "opponent_on_vacation",
        message: "Your opponent is on vacation: the game waits for their move",
      },
    ],
  ] as const)("%s", (_name, clock, byPlayerToMove, expected) => {
    expect(moveInGame(clock, byPlayerToMove)).toEqual(expected);
  });
});
