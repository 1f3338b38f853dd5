import type { Core } from "../../core.ts";
import type { AreaModule } from "../../mount.ts";
import { settledWithin } from "../../util/settledWithin.ts";
import type { Callers } from "../accounts/index.ts";
import type { Blocks, Challengeable } from "../friends/index.ts";
import type { GameFinisher, GameRecords } from "../games/index.ts";
import type { JumpstartPositions } from "../jumpstart/index.ts";
import { sweepLease } from "./dailyLease.ts";
import { dailyRoom, socketDailyNotifier } from "./dailyNotifier.ts";
import { createDailyOffers } from "./dailyOffers.ts";
import { createDailyRepo } from "./dailyRepo.ts";
import { registerDailyRoutes } from "./dailyRoutes.ts";
import { createDailyService } from "./dailyService.ts";
import { dailySocketEvents } from "./dailySocket.ts";
import { createDailyStarts, type DailyStarts } from "./dailyStarts.ts";
import { createDailySweep } from "./dailySweepJob.ts";
import { createDailyVacations } from "./dailyVacations.ts";

/** How long asking every node who follows a game may take before an alarm rings anyway. */
const WATCHING_MS = 1_000;

/**
 * Daily (correspondence) games: offers, challenges and rematches, moves, conditional lines, vacation and the
 * sweeper. Nothing of a game is held between commands; its end goes through the games area's finisher.
 */
export function dailyModule(
  core: Core,
  ports: {
    callers: Callers;
    records: Pick<GameRecords, "rating">;
    finisher: GameFinisher;
    blocks: Pick<Blocks, "between" | "eitherWay">;
    challenges: Challengeable;
    jumpstart: JumpstartPositions;
  },
) {
  const { config, logger, now } = core;
  const repo = createDailyRepo(core.db);
  const notify = socketDailyNotifier(core.io);
  const vacations = createDailyVacations({ repo, notify, now });
  const games = createDailyService({ repo, notify, finisher: ports.finisher, vacations, now, logger });
  const starts = createDailyStarts({ repo, notify, games, ratings: ports.records, positions: ports.jumpstart, now });
  const offers = createDailyOffers({
    repo,
    notify,
    starts,
    ratings: ports.records,
    blocks: ports.blocks,
    friends: ports.challenges,
    now,
  });
  // A lapsed holder is replaced within a lease and a sweep: each time-out lands well within a minute.
  const leaseMs = Math.min(30_000, 3 * config.dailySweepMs);
  const sweep = createDailySweep({
    repo,
    games,
    vacations,
    notify,
    lease: sweepLease(core.leases, leaseMs),
    async isWatching(gameId, userId) {
      const sockets = await settledWithin(core.io.in(dailyRoom(gameId)).fetchSockets(), WATCHING_MS);
      return sockets?.some((s) => s.data.owner.userId === userId) ?? false;
    },
    now,
    logger,
  });
  core.bus.subscribe("accountClosed", async ({ userId }) => {
    try {
      await offers.accountClosed(userId);
      await games.accountClosed(userId);
    } catch (err) {
      logger.warn({ err, userId }, "daily: closed account's games or offers kept");
    }
  });

  const area: AreaModule = {
    name: "daily",
    routes: (app) => registerDailyRoutes(app, { games, offers, vacations, auth: ports.callers }),
    socketEvents: dailySocketEvents({ games, offers }),
    timers: [{ name: "daily sweep", everyMs: config.dailySweepMs, run: () => sweep.run() }],
    // Deadlines that passed while no node ran end now, before the first request.
    recover: async () => void (await sweep.run()),
    release: () => sweep.release(),
  };
  /** Club matches start their games here. */
  return { area, starts: starts as Pick<DailyStarts, "start" | "startPosition"> };
}

export type DailyModule = ReturnType<typeof dailyModule>;
