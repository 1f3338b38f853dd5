import { dailyTimeLeft, other } from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import type { SweepLease } from "./dailyLease.ts";
import type { DailyNotifier } from "./dailyNotifier.ts";
import { alarmDecision } from "./dailyReminders.ts";
import type { DailyRepo } from "./dailyRepo.ts";
import { turnOf } from "./dailyRound.ts";
import { loadRound } from "./dailyRounds.ts";
import type { DailyService } from "./dailyService.ts";
import type { DailyVacations } from "./dailyVacations.ts";

/** Rows taken per query; a sweep goes on while full pages come (a restart after a long outage). */
const BATCH = 200;
const MAX_BATCHES = 50;

export interface SweepCounts {
  timedOut: number;
  vacationsEnded: number;
  alarms: number;
}

/**
 * The sweep, on the node holding the lease: the games whose deadline passed end (the database knows every
 * deadline, so a restart of every node loses none), vacations that ran out end, due alarms ring once. A game
 * ends once: its end is written only while it is still in progress at the ply read.
 */
export function createDailySweep(deps: {
  repo: DailyRepo;
  games: Pick<DailyService, "endIfDue">;
  vacations: Pick<DailyVacations, "ranOut">;
  notify: DailyNotifier;
  lease: SweepLease;
  /** Whether the player follows the game right now (then the alarm is dropped unrung, as on lichess). */
  isWatching(gameId: string, userId: number): Promise<boolean>;
  now: () => number;
  logger: FastifyBaseLogger;
}) {
  const { repo, logger } = deps;
  let running: Promise<SweepCounts> | undefined;

  async function pages(fetch: (now: number) => Promise<unknown[]>, each: (item: never) => Promise<boolean>) {
    let done = 0;
    for (let page = 0; page < MAX_BATCHES; page++) {
      const items = await fetch(deps.now());
      for (const item of items) {
        try {
          if (await each(item as never)) done += 1;
        } catch (err) {
          logger.warn({ err, item }, "daily sweep step failed; next sweep retries");
        }
      }
      if (items.length < BATCH) break;
    }
    return done;
  }

  async function ring(alarm: { gameId: string; at: number }): Promise<boolean> {
    const round = await loadRound(repo, alarm.gameId);
    if (round?.status !== "active") return repo.clearAlarm(alarm.gameId, alarm.at);
    const side = turnOf(round);
    const player = round.players[side];
    const now = deps.now();
    const decision = alarmDecision(alarm.at, now, await deps.isWatching(round.id, player.userId));
    if (decision === "wait" || !(await repo.clearAlarm(alarm.gameId, alarm.at))) return false;
    if (decision === "drop") return false;
    deps.notify.toUser(player.userId, "dailyReminder", {
      kind: "alarm",
      gameId: round.id,
      opponent: round.players[other(side)].name,
      timeLeftMs: dailyTimeLeft(round.clock, now),
    });
    return true;
  }

  async function sweep(): Promise<SweepCounts> {
    if (!(await deps.lease.hold())) return { timedOut: 0, vacationsEnded: 0, alarms: 0 };
    const timedOut = await pages(
      (now) => repo.overdue(now, BATCH),
      async (gameId: string) => (await deps.games.endIfDue(gameId, deps.now())) === "finished",
    );
    const vacationsEnded = await pages(
      (now) => repo.ranOut(now, BATCH),
      async (userId: number) => (await deps.vacations.ranOut(userId, deps.now())).ok,
    );
    const alarms = await pages((now) => repo.dueAlarms(now, BATCH), ring);
    if (timedOut + vacationsEnded + alarms > 0) logger.info({ timedOut, vacationsEnded, alarms }, "daily sweep");
    return { timedOut, vacationsEnded, alarms };
  }

  return {
    /** One sweep at a time on this node: a call during one waits for it. */
    run(): Promise<SweepCounts> {
      running ??= sweep().finally(() => {
        running = undefined;
      });
      return running;
    },
    release: () => deps.lease.release(),
  };
}

export type DailySweep = ReturnType<typeof createDailySweep>;
