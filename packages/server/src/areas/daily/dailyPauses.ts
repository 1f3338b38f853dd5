import {
  type DailyClock,
  type DailyRefusal,
  dailyRefusal,
  endVacation,
  isDailyClockPaused,
  pauseDailyClock,
  resumeDailyClock,
  startVacation,
  type VacationLedger,
} from "@chess/shared";

/**
 * Vacation applied to a player's daily games (chess.com): all of them pause together, and any move of the
 * player ends the vacation. Only the vacationer's own time stops: where it is the opponent's turn, the
 * opponent's clock runs, and their move leaves the vacationer paused with a full allowance
 * (`dailyClockAfterMove` with `nextOnVacation`). A move a conditional line plays for the vacationer is not
 * theirs: it does not end the vacation.
 */

/** One of the player's daily games in progress. */
export interface PlayerGame {
  gameId: string;
  clock: DailyClock;
  /** Whether it is this player's turn in it. */
  playerToMove: boolean;
}

/** A game's new clock (only games whose clock changed are listed). */
export interface ClockChange {
  gameId: string;
  clock: DailyClock;
}

/** The player goes on vacation at `now`: every game where it is their turn stops. */
export function goOnVacation(
  ledger: VacationLedger,
  games: readonly PlayerGame[],
  now: number,
): { ok: true; ledger: VacationLedger; clocks: ClockChange[] } | DailyRefusal {
  const started = startVacation(ledger, now);
  if (!started.ok) return started;
  return { ok: true, ledger: started.ledger, clocks: changed(games, (c) => pauseDailyClock(c, now)) };
}

/** A vacation ended: the ledger, what it cost, and the games it resumed. */
export interface Return {
  ok: true;
  ledger: VacationLedger;
  endedAt: number;
  chargedMs: number;
  clocks: ClockChange[];
}

/**
 * The player is back at `now`, or the vacation ran out (then it ended when it did): every game paused on
 * their turn resumes from the end, its deadline shifted by the time paused.
 */
export function comeBack(ledger: VacationLedger, games: readonly PlayerGame[], now: number): Return | DailyRefusal {
  const ended = endVacation(ledger, now);
  if (!ended.ok) return ended;
  const { endedAt, chargedMs } = ended;
  const clocks = changed(games, (c) => (isDailyClockPaused(c) ? resumeDailyClock(c, endedAt) : c));
  return { ok: true, ledger: ended.ledger, endedAt, chargedMs, clocks };
}

/**
 * Before the player's own move at `now`: a player on vacation is back (chess.com: any move ends it, in all
 * games at once), so the game moved in resumes and its clock, stopped until now, is not charged. Null when
 * the player is not on vacation. The move is then played as any other. A vacation that ran out unnoticed is
 * ended as of when it ran out.
 */
export function vacationBeforeMove(ledger: VacationLedger, games: readonly PlayerGame[], now: number): Return | null {
  if (ledger.since === null) return null;
  const back = comeBack(ledger, games, now);
  return back.ok ? back : null;
}

/**
 * A move sent in a game at a time: played as usual, played after ending the mover's vacation (the game is
 * paused on their own turn), or refused when the game waits for an opponent on vacation.
 */
export function moveInGame(clock: DailyClock, byPlayerToMove: boolean): "play" | "endsVacation" | DailyRefusal {
  if (!isDailyClockPaused(clock)) return "play";
  if (byPlayerToMove) return "endsVacation";
  return dailyRefusal("opponent_on_vacation", "Your opponent is on vacation: the game waits for their move");
}

function changed(games: readonly PlayerGame[], next: (clock: DailyClock) => DailyClock): ClockChange[] {
  const out: ClockChange[] = [];
  for (const g of games) {
    if (!g.playerToMove) continue;
    const clock = next(g.clock);
    if (clock !== g.clock) out.push({ gameId: g.gameId, clock });
  }
  return out;
}
