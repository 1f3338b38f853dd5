import type { Core } from "../../core.ts";
import type { AreaModule } from "../../mount.ts";
import { rooms } from "../../realtime/sockets.ts";
import { whenDelivered } from "../../realtime/spreadBroadcasts.ts";
import type { Callers } from "../accounts/index.ts";
import type { ClubCalendar, Membership } from "../clubs/index.ts";
import type { GamePlay, GameRecords } from "../games/index.ts";
import type { JumpstartPositions } from "../jumpstart/index.ts";
import { createArenaDirection } from "./arenaDirection.ts";
import { ArenaFollowers } from "./arenaFollowers.ts";
import { ARENA_RENEW_MS, arenaLeases } from "./arenaLeases.ts";
import { dueHourlyArenas } from "./arenaSchedule.ts";
import { createTournamentsRepo } from "./tournamentsRepo.ts";
import { registerTournamentsRoutes } from "./tournamentsRoutes.ts";
import { type ArenaNotifier, createTournamentsService } from "./tournamentsService.ts";
import { arenaRoom, arenaSockets, tournamentsSocketEvents } from "./tournamentsSocket.ts";

/** The site's schedule is looked at this often (every node; the slot's unique key makes each arena once). */
const SCHEDULE_MS = 60_000;
/** The longest the next standings wait for the last ones to reach every follower here. */
const DELIVERED_WITHIN_MS = 5_000;

/** What the tournament chat asks: whether a user plays in an arena (players write, everyone logged in reads). */
export interface ArenaPlayers {
  exists(tournamentId: string): Promise<boolean>;
  isPlayer(tournamentId: string, userId: number): Promise<boolean>;
}

/** A club's finished battles, for the club leaderboard. */
export interface ClubBattles {
  ofClub(clubId: number): Promise<{ played: number; won: number; points: number }>;
}

/**
 * Arena tournaments: created by players, clubs and the site's schedule; each directed by one node under a lease
 * and a fenced epoch, pairing players on the page whenever a game ends or one comes back.
 */
export function tournamentsModule(
  core: Core,
  ports: {
    callers: Callers;
    play: Pick<GamePlay, "startMany">;
    records: Pick<GameRecords, "rating" | "ending" | "active">;
    membership: Pick<Membership, "clubIdsOf" | "administers" | "names" | "memberIds">;
    calendar: ClubCalendar;
    jumpstart: JumpstartPositions;
  },
) {
  const { io, nodeBus, config, logger } = core;
  const repo = createTournamentsRepo(core.db);
  const followers = new ArenaFollowers();
  // The payload is typed by the notifier's own signature; Socket.IO's emit cannot follow a generic event.
  const emit = (to: ReturnType<typeof io.to>, event: string, payload: unknown) =>
    (to.emit as (e: string, p: unknown) => boolean)(event, payload);
  const notify: ArenaNotifier = {
    toFollowers: (id, event, payload) => {
      emit(io.to(arenaRoom(id)), event, payload);
      // Never held longer than a few seconds by it: a lost wake-up would stop the standings for good.
      return whenDelivered(io.of("/").adapter, arenaRoom(id), DELIVERED_WITHIN_MS);
    },
    toUsers: (userIds, event, payload) => {
      if (userIds.length > 0) emit(io.to(userIds.map(rooms.user)), event, payload);
    },
  };
  // Told to every node: the arena's director (wherever it is) sends standings and pairs.
  const changed = (id: string, wave: boolean, userIds: number[] = []) => {
    direction.changed(id, wave, userIds);
    nodeBus?.broadcast("arenaChanged", { id, wave, userIds });
  };
  const service = createTournamentsService({
    repo,
    records: ports.records,
    membership: ports.membership,
    calendar: ports.calendar,
    notify,
    changed,
    created: () => void direction.maintain().catch((err: unknown) => logger.warn({ err }, "arena direction")),
    now: () => Date.now(),
    logger,
    countdownMs: config.arenaCountdownMs,
    live: (id) => direction.live(id),
  });
  const leases = arenaLeases(core.leases);
  const direction = createArenaDirection({
    repo,
    service,
    games: ports.play,
    records: ports.records,
    told: (id, userIds) => changed(id, true, userIds),
    positions: ports.jumpstart,
    membership: ports.membership,
    followers,
    leases,
    notify,
    logger,
  });
  const sockets = arenaSockets(followers);
  nodeBus?.on("arenaChanged", (p) => {
    const { id, wave, userIds } = (p ?? {}) as { id?: unknown; wave?: unknown; userIds?: unknown };
    const ids = Array.isArray(userIds) ? userIds.filter((u): u is number => Number.isInteger(u)) : [];
    if (typeof id === "string") direction.changed(id, wave === true, ids);
  });
  const stopSync = nodeBus ? followers.sync(nodeBus) : () => {};
  // A player came to the page: they may be paired now.
  followers.onChange((id, _userId, here) => {
    if (here) direction.changed(id, true);
  });
  core.bus.subscribe("gameFinished", (e) =>
    direction
      .gameFinished(e, (id, userIds) => changed(id, true, userIds))
      .catch((err: unknown) => logger.warn({ err, gameId: e.gameId }, "arena result not recorded")),
  );
  core.bus.subscribe("accountClosed", ({ userId }) =>
    service
      .accountClosed(userId)
      .catch((err: unknown) => logger.warn({ err, userId }, "closed account's arena entries kept")),
  );

  const schedule = async () => {
    if (!config.arenaSchedule) return;
    for (const due of dueHourlyArenas(Date.now())) await service.createScheduled(due.slot, due.body);
  };

  const area: AreaModule = {
    name: "tournaments",
    routes: (app) => registerTournamentsRoutes(app, { service, auth: ports.callers }),
    socketEvents: tournamentsSocketEvents({ service, sockets }),
    onConnection: (socket) => sockets.onConnection(socket),
    timers: [
      { name: "arena direction", everyMs: ARENA_RENEW_MS, run: () => direction.maintain() },
      { name: "arena schedule", everyMs: SCHEDULE_MS, run: schedule },
    ],
    health: () => ({ arenasDirected: direction.ids().length }),
    async recover() {
      await schedule().catch((err: unknown) => logger.warn({ err }, "arena schedule"));
      await direction.maintain();
    },
    stop() {
      stopSync();
      direction.stop();
    },
    async release() {
      await direction.settled();
      await leases.release(direction.ids());
    },
  };
  const players: ArenaPlayers = {
    exists: async (id) => (await repo.arena(id)) !== undefined,
    isPlayer: (id, userId) => service.isPlayer(id, userId),
  };
  const battles: ClubBattles = { ofClub: (clubId) => repo.battlesOf(clubId) };
  return { area, players, battles };
}

export type TournamentsModule = ReturnType<typeof tournamentsModule>;
