import { DAY_MS, type DailyRefusal, dailyRefusal } from "./daily.ts";

/**
 * Vacation for daily games (chess.com's model; lichess has none): a time allowance that pauses all of a
 * player's daily games at once. A pure ledger: every function takes the time and returns a new ledger.
 */
export const VACATION = {
  /** What a new account starts with. */
  atSignUpMs: 7 * DAY_MS,
  /** Credited at 00:00 UTC on the 1st and the 15th of each month, 2 days a month (chess.com's basic members). */
  creditMs: DAY_MS,
  /**
   * No more is kept (chess.com's cap for basic members, reached after a year without vacation): one player
   * can hold a game still for a month at most, and the sweeper's horizon stays bounded.
   */
  capMs: 30 * DAY_MS,
  /** Each vacation uses at least this much, however soon it ends (chess.com: against on-off abuse). */
  minimumUseMs: DAY_MS,
} as const;

export interface VacationLedger {
  /** Vacation time left (ms) as of `asOf`, credits to then included, e.g. 604800000 (7 days). */
  balanceMs: number;
  /** When the balance was worked out (epoch ms). */
  asOf: number;
  /** Start of the vacation in progress (epoch ms), or null. Its use is charged from here. */
  since: number | null;
}

/** A new account's ledger: 7 days, no vacation. */
export const newVacationLedger = (signedUpAt: number): VacationLedger => ({
  balanceMs: VACATION.atSignUpMs,
  asOf: signedUpAt,
  since: null,
});

/** The credit instants after `from` (excluded), in order: 00:00 UTC on each 1st and 15th. */
function* creditsAfter(from: number): Generator<number> {
  const start = new Date(from);
  for (let month = start.getUTCMonth(), year = start.getUTCFullYear(); ; month++) {
    for (const day of [1, 15]) {
      const at = Date.UTC(year, month, day);
      if (at > from) yield at;
    }
  }
}

/** When the vacation in progress runs out if not ended before (credits received meanwhile lengthen it). */
export function vacationRunsOutAt(ledger: VacationLedger): number | null {
  if (ledger.since === null) return null;
  let balance = ledger.balanceMs;
  let at = Math.max(ledger.asOf, ledger.since);
  for (const credit of creditsAfter(at)) {
    if (at + balance <= credit) return at + balance;
    balance = Math.min(VACATION.capMs, balance - (credit - at) + VACATION.creditMs);
    at = credit;
  }
  return null; // unreachable: each half month uses more than it credits
}

/**
 * The ledger worked out to `t` (≥ `asOf`): credits received, vacation use charged; a vacation that ran out
 * before `t` ended then, with its minimum use charged.
 */
function settle(ledger: VacationLedger, t: number): VacationLedger {
  const runsOut = vacationRunsOutAt(ledger);
  if (runsOut !== null && runsOut <= t) {
    const ended = { balanceMs: 0, asOf: runsOut, since: null };
    return settle(ended, t);
  }
  let balance = ledger.balanceMs;
  let at = ledger.asOf;
  const use = (from: number, to: number) =>
    ledger.since === null ? 0 : Math.max(0, to - Math.max(from, ledger.since));
  for (const credit of creditsAfter(at)) {
    if (credit > t) break;
    balance = Math.min(VACATION.capMs, Math.max(0, balance - use(at, credit)) + VACATION.creditMs);
    at = credit;
  }
  return { balanceMs: Math.max(0, balance - use(at, t)), asOf: t, since: ledger.since };
}

/** What a player (and their opponents) see at `t`. */
export interface VacationStatus {
  /** What would be left if the vacation ended now (its minimum use counted), or the balance. */
  balanceMs: number;
  onVacation: boolean;
  /** While on vacation: when it started and when it runs out at the latest. */
  since: number | null;
  runsOutAt: number | null;
}

/** The ledger as seen at `t`. */
export function vacationStatus(ledger: VacationLedger, t: number): VacationStatus {
  const now = settle(ledger, Math.max(t, ledger.asOf));
  if (now.since === null) return { balanceMs: now.balanceMs, onVacation: false, since: null, runsOutAt: null };
  const minimumLeft = Math.max(0, VACATION.minimumUseMs - (t - now.since));
  return {
    balanceMs: Math.max(0, now.balanceMs - minimumLeft),
    onVacation: true,
    since: now.since,
    runsOutAt: vacationRunsOutAt(now),
  };
}

/** Starts a vacation at `now`: refused while one is in progress or with no time left. */
export function startVacation(
  ledger: VacationLedger,
  now: number,
): { ok: true; ledger: VacationLedger } | DailyRefusal {
  const settled = settle(ledger, Math.max(now, ledger.asOf));
  if (settled.since !== null) return dailyRefusal("on_vacation", "You are already on vacation");
  if (settled.balanceMs <= 0) return dailyRefusal("no_vacation", "You have no vacation time left");
  return { ok: true, ledger: { balanceMs: settled.balanceMs, asOf: settled.asOf, since: settled.asOf } };
}

/** A vacation ended: what it paused and what it cost. */
export interface VacationEnd {
  ok: true;
  ledger: VacationLedger;
  /** When it ended: `now`, or earlier when it had run out (every paused clock resumes from then). */
  endedAt: number;
  /** How long the games were paused (ms). */
  pausedMs: number;
  /** What it took from the balance (ms): the time paused, at least a day while the balance lasts. */
  chargedMs: number;
}

/**
 * Ends the vacation in progress at `now` (the player is back, or made a move). A vacation that ran out
 * earlier is ended as of then. Refused when there is none.
 */
export function endVacation(ledger: VacationLedger, now: number): VacationEnd | DailyRefusal {
  if (ledger.since === null) return dailyRefusal("not_on_vacation", "You are not on vacation");
  const since = ledger.since;
  const endedAt = Math.max(since, Math.min(now, vacationRunsOutAt(ledger) ?? now));
  const atEnd = settle(ledger, Math.max(endedAt, ledger.asOf));
  const pausedMs = endedAt - since;
  const minimum = Math.min(atEnd.balanceMs, Math.max(0, VACATION.minimumUseMs - pausedMs));
  return {
    ok: true,
    ledger: { balanceMs: atEnd.balanceMs - minimum, asOf: endedAt, since: null },
    endedAt,
    pausedMs,
    chargedMs: pausedMs + minimum,
  };
}
