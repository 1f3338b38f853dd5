import {
  type Color,
  type DailyClock,
  type DailyVacation,
  type DaysPerMove,
  newVacationLedger,
  type VacationLedger,
  vacationRunsOutAt,
} from "@chess/shared";
import { ok, type Result } from "../../util/result.ts";
import { dailyVacationJson } from "./dailyJson.ts";
import type { DailyNotifier } from "./dailyNotifier.ts";
import { type ClockChange, comeBack, goOnVacation, type PlayerGame } from "./dailyPauses.ts";
import { alarmAt } from "./dailyReminders.ts";
import type { DailyRepo, PlayerDailyRow } from "./dailyRepo.ts";
import { onVacationAt } from "./dailyRounds.ts";

const turnOf = (fen: string): Color => (fen.split(" ")[1] === "b" ? "b" : "w");

function playerGame(row: PlayerDailyRow, userId: number): PlayerGame {
  const color: Color = row.whiteUserId === userId ? "w" : "b";
  const clock: DailyClock = { days: row.days as DaysPerMove, deadline: row.deadline, pausedLeftMs: row.pausedLeftMs };
  return { gameId: row.gameId, clock, playerToMove: turnOf(row.fen) === color };
}

/**
 * Vacation (chess.com's model) over an account's daily games: the ledger is stored per account, and starting
 * or ending it pauses or resumes every game on the player's turn in the same transaction.
 */
export function createDailyVacations(deps: { repo: DailyRepo; notify: DailyNotifier; now: () => number }) {
  const { repo, notify } = deps;

  /** The stored ledger; an account never on vacation has the sign-up allowance from its first use. */
  async function ledgerOf(userId: number, now: number): Promise<VacationLedger> {
    return (await repo.ledgers([userId])).get(userId) ?? newVacationLedger(now);
  }

  /** Stores the ledger and the clocks it changed, then tells the player's tabs and each game's followers. */
  async function apply(
    userId: number,
    ledger: VacationLedger,
    rows: PlayerDailyRow[],
    clocks: ClockChange[],
    now: number,
  ) {
    await repo.saveVacation(
      userId,
      ledger,
      vacationRunsOutAt(ledger),
      clocks.map((c) => ({ ...c, alarmAt: alarmAt(c.clock) })),
    );
    const view = dailyVacationJson(ledger, now);
    notify.toUser(userId, "dailyVacation", view);
    const opponents = rows.map((r) => (r.whiteUserId === userId ? r.blackUserId : r.whiteUserId));
    const ledgers = await repo.ledgers(opponents.filter((id): id is number => id !== null));
    for (const c of clocks) {
      const row = rows.find((r) => r.gameId === c.gameId);
      if (!row || row.whiteUserId === null || row.blackUserId === null) continue;
      const on = (id: number) => (id === userId ? view.onVacation : onVacationAt(ledgers.get(id), now));
      notify.toGame(c.gameId, [row.whiteUserId, row.blackUserId], "dailyClock", {
        gameId: c.gameId,
        deadline: c.clock.deadline,
        pausedLeftMs: c.clock.pausedLeftMs,
        onVacation: { w: on(row.whiteUserId), b: on(row.blackUserId) },
        serverTime: now,
      });
    }
    return view;
  }

  /** Ends a vacation as of `now` (or when it ran out, if before): every game paused on their turn resumes. */
  async function end(userId: number, now: number): Promise<Result<DailyVacation>> {
    const ledger = await ledgerOf(userId, now);
    const rows = await repo.gamesOf(userId);
    const back = comeBack(
      ledger,
      rows.map((r) => playerGame(r, userId)),
      now,
    );
    if (!back.ok) return back;
    return ok(await apply(userId, back.ledger, rows, back.clocks, now));
  }

  return {
    async status(userId: number): Promise<DailyVacation> {
      const now = deps.now();
      return dailyVacationJson(await ledgerOf(userId, now), now);
    },

    /** Goes on vacation: refused with none left or while on one. */
    async start(userId: number): Promise<Result<DailyVacation>> {
      const now = deps.now();
      const ledger = await ledgerOf(userId, now);
      const rows = await repo.gamesOf(userId);
      const went = goOnVacation(
        ledger,
        rows.map((r) => playerGame(r, userId)),
        now,
      );
      if (!went.ok) return went;
      return ok(await apply(userId, went.ledger, rows, went.clocks, now));
    },

    end: (userId: number) => end(userId, deps.now()),

    /**
     * Before a move of a player whose ledger, read with the game, shows a vacation in progress (or run out
     * unnoticed): it ends. `end` reads the ledger again, so a vacation ended meanwhile changes nothing.
     */
    async endBeforeMove(userId: number, now: number): Promise<void> {
      await end(userId, now);
    },

    /** The sweeper found the vacation run out: it ends as of then. */
    ranOut: (userId: number, now: number) => end(userId, now),
  };
}

export type DailyVacations = ReturnType<typeof createDailyVacations>;
