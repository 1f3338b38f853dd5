import {
  type ArenaMe,
  type ArenaStandingsPage,
  type ArenaStandingsUpdate,
  type ArenaSummary,
  type ArenaTrophy,
  type ArenaView,
  type ClubBattleRow,
  type CreateArenaBody,
  fail,
  STANDINGS_PAGE_SIZE,
  TOURNAMENT_MESSAGES,
  type TournamentList,
} from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import { shortId } from "../../util/ids.ts";
import { ok, type Result } from "../../util/result.ts";
import type { ClubCalendar, Membership } from "../clubs/index.ts";
import type { GameRecords } from "../games/index.ts";
import { arenaEntry } from "./arenaEntry.ts";
import {
  clubsJson,
  meJson,
  pageJson,
  type RankedPlayer,
  ranked,
  standingsPage,
  summaryJson,
  topGames,
} from "./arenaJson.ts";
import { nextOccurrence } from "./arenaSchedule.ts";
import { arenaSettings } from "./arenaSettings.ts";
import type { ArenaRecord, TournamentsRepo } from "./tournamentsRepo.ts";

export interface ArenaUser {
  userId: number;
  username: string;
}

/** How the area reaches sockets: an arena's followers (its room), and players' own sockets. */
export interface ArenaNotifier {
  /** Resolves once this node handed it to its followers' sockets (a big room's are spread over turns). */
  toFollowers<E extends ArenaEvent>(tournamentId: string, event: E, payload: ArenaPayload<E>): Promise<void>;
  toUsers<E extends ArenaEvent>(userIds: number[], event: E, payload: ArenaPayload<E>): void;
}
export type ArenaEvent =
  | "arenaStandings"
  | "arenaMe"
  | "arenaPaired"
  | "arenaStarted"
  | "arenaFinished"
  | "arenaResult";
export type ArenaPayload<E extends ArenaEvent> = Parameters<import("@chess/shared").ServerToClientEvents[E]>[0];

/** What the node directing an arena holds of it in memory: its standings and games, read without the database. */
export interface LiveArena {
  standings: RankedPlayer[];
  /** Some players' lines (without ranking the whole arena when only a few are asked for). */
  lines(userIds: readonly number[]): RankedPlayer[];
  playing: ReadonlyArray<{ gameId: string; whiteId: number; blackId: number }>;
  nbPlayers: number;
  running: boolean;
}

export const chatRoomOf = (tournamentId: string) => `tournament:${tournamentId}`;
const LIST = { created: 50, started: 50, finished: 20 };
/** Up to this many players' lines are ranked by the database rather than from every player's row. */
const FEW_LINES = 8;
/** The games shown as the arena's top games. */
const TOP_GAMES = 6;

export function createTournamentsService(deps: {
  repo: TournamentsRepo;
  records: Pick<GameRecords, "rating">;
  membership: Pick<Membership, "clubIdsOf" | "administers" | "names">;
  calendar: ClubCalendar;
  notify: ArenaNotifier;
  /**
   * Something of these players of the arena changed (standings); `wave`: a player may be paired now. Every node's
   * director hears.
   */
  changed: (tournamentId: string, wave: boolean, userIds: number[]) => void;
  /** A new arena exists: the node looks for arenas to direct now rather than at its next turn. */
  created: () => void;
  now: () => number;
  logger: FastifyBaseLogger;
  /** The arena as its director holds it, when this node directs it. */
  live?: (tournamentId: string) => LiveArena | undefined;
  /** Config ARENA_COUNTDOWN_MS: players' arenas start this long after they are made (tests). */
  countdownMs?: number;
}) {
  const { repo, notify, now } = deps;

  async function standingsOf(arena: ArenaRecord) {
    return ranked(arena, await repo.players(arena.id));
  }

  /**
   * Some players with their ranks. A few (a game's two players, one who joins) are ranked by the database, so
   * that a game's end in a 1,000-player arena does not read a thousand rows; many (a wave) read them all.
   */
  async function linesOf(arena: ArenaRecord, userIds: number[], fromLive = false): Promise<RankedPlayer[]> {
    const live = liveOf(arena);
    if (live && (fromLive || userIds.length > FEW_LINES)) {
      const lines = live.lines(userIds);
      if (lines.length === new Set(userIds).size) return lines;
    }
    if (userIds.length > FEW_LINES) return standingsOf(arena);
    const few = await repo.ranked(arena.id, userIds);
    if (arena.status !== "finished") return few;
    return few.map((p) => (p.finalRank === null ? p : { ...p, rank: p.finalRank }));
  }

  const isFrozen = (arena: ArenaRecord) => arena.status === "finished";

  /** The director's memory of a running arena directed here; never for one over (its ranks are frozen). */
  function liveOf(arena: ArenaRecord): LiveArena | undefined {
    return arena.status === "finished" ? undefined : deps.live?.(arena.id);
  }

  /**
   * A page of the standings: from the director's memory on the node that directs the arena, else that page's rows
   * read by the database (never every player's row).
   */
  async function pageOf(arena: ArenaRecord, page: number): Promise<ArenaStandingsPage> {
    const live = liveOf(arena);
    if (live) return standingsPage(arena, live.standings, page);
    const rows = await repo.page(arena.id, (page - 1) * STANDINGS_PAGE_SIZE, STANDINGS_PAGE_SIZE, isFrozen(arena));
    return pageJson(arena, rows, page, arena.nbPlayers);
  }

  /** A club battle's table (null for other arenas): from memory, else from each club's best players' rows. */
  async function clubsOf(arena: ArenaRecord): Promise<ClubBattleRow[] | null> {
    const battle = arena.settings.clubBattle;
    if (!battle) return null;
    const live = liveOf(arena);
    return clubsJson(arena, live ? live.standings : await repo.clubBest(arena.id, battle.topN, isFrozen(arena)));
  }

  async function meOf(arena: ArenaRecord, userId: number): Promise<ArenaMe> {
    const [mine] = await linesOf(arena, [userId]);
    return meJson(arena, mine, now());
  }

  /** Tells the player's sockets their line, and returns it. */
  async function tellMe(arena: ArenaRecord, userId: number): Promise<ArenaMe> {
    const me = await meOf(arena, userId);
    notify.toUsers([userId], "arenaMe", me);
    return me;
  }

  async function createError(user: ArenaUser, body: CreateArenaBody) {
    const { clubId } = body.conditions;
    if (clubId !== undefined && !(await deps.membership.administers(clubId, user.userId))) {
      return fail("forbidden", "Only the club's administrator can make a club arena");
    }
    if (body.recurrence !== "none" && clubId === undefined) {
      return fail("validation", "Only club arenas recur: choose the club (conditions.clubId)");
    }
    const battle = body.clubBattle;
    if (battle) {
      const mine = await Promise.all(battle.clubIds.map((id) => deps.membership.administers(id, user.userId)));
      if (!mine.some(Boolean)) return fail("forbidden", "Only an administrator of one of the clubs can make a battle");
      const names = await deps.membership.names(battle.clubIds);
      const missing = battle.clubIds.filter((id) => !names.has(id));
      if (missing.length) return fail("validation", `No club has the id ${missing.join(", ")}`);
    }
    return undefined;
  }

  /** Stores an arena; a club arena goes on its club's calendar. */
  async function store(
    createdBy: ArenaUser | null,
    settings: NonNullable<Extract<ReturnType<typeof arenaSettings>, { ok: true }>["settings"]>,
    extra: { recurrence?: CreateArenaBody["recurrence"]; scheduleSlot?: string },
  ): Promise<ArenaRecord | undefined> {
    const id = shortId();
    await repo.insert({ id, createdBy: createdBy?.userId ?? null, settings, ...extra });
    const clubId = settings.conditions.clubId;
    if (clubId !== undefined && createdBy) {
      await deps.calendar
        .addArena(clubId, {
          authorId: createdBy.userId,
          authorName: createdBy.username,
          title: settings.name,
          date: new Date(settings.startsAt).toISOString().slice(0, 10),
          tournamentId: id,
        })
        .catch((err: unknown) => deps.logger.warn({ err, id }, "club arena not put on the calendar"));
    }
    deps.created();
    return repo.arena(id);
  }

  return {
    async create(user: ArenaUser, body: CreateArenaBody): Promise<Result<ArenaSummary>> {
      const checked = arenaSettings(body, now());
      if (!checked.ok) return fail("settings", checked.errors.map((e) => e.message).join("; "));
      const refused = await createError(user, body);
      if (refused) return refused;
      const settings =
        deps.countdownMs === undefined ? checked.settings : { ...checked.settings, startsAt: now() + deps.countdownMs };
      const arena = await store(user, settings, { recurrence: body.recurrence });
      return arena ? ok(summaryJson(arena)) : fail("unavailable", "The arena could not be made - please try again");
    },

    /** The site's own arena of a schedule slot, unless another node made it already. */
    async createScheduled(slot: string, body: CreateArenaBody): Promise<boolean> {
      if (await repo.hasSlot(slot)) return false;
      const checked = arenaSettings(body, now());
      if (!checked.ok) return false;
      try {
        await store(null, checked.settings, { scheduleSlot: slot });
        return true;
      } catch (err) {
        // Another node made the slot's arena at the same moment (its unique key).
        if (await repo.hasSlot(slot)) return false;
        throw err;
      }
    },

    /** The next edition of a recurring club arena that just finished (made once: its slot names it). */
    async recur(arena: ArenaRecord): Promise<void> {
      const next = nextOccurrence(arena.settings.startsAt, arena.recurrence);
      if (next === undefined || arena.createdBy === null) return;
      const slot = `recur:${arena.id}`;
      if (await repo.hasSlot(slot)) return;
      const author = (await repo.names([arena.createdBy])).get(arena.createdBy);
      if (!author) return;
      const settings = { ...arena.settings, startsAt: Math.max(next, now() + 60_000) };
      await store({ userId: arena.createdBy, username: author }, settings, {
        recurrence: arena.recurrence,
        scheduleSlot: slot,
      }).catch(async (err: unknown) => {
        if (!(await repo.hasSlot(slot))) throw err;
      });
    },

    async list(): Promise<TournamentList> {
      const [created, started, finished] = await Promise.all([
        repo.list("created", LIST.created),
        repo.list("started", LIST.started),
        repo.list("finished", LIST.finished),
      ]);
      return {
        created: created.map(summaryJson),
        started: started.map(summaryJson),
        finished: finished.map(summaryJson),
      };
    },

    async view(viewer: ArenaUser | null, id: string): Promise<Result<ArenaView>> {
      const arena = await repo.arena(id);
      if (!arena) return fail("not_found", TOURNAMENT_MESSAGES.unknown);
      const [standings, clubs, [mine]] = await Promise.all([
        pageOf(arena, 1),
        clubsOf(arena),
        viewer ? linesOf(arena, [viewer.userId]) : [],
      ]);
      const battleIds = arena.settings.clubBattle?.clubIds ?? [];
      const clubId = arena.settings.conditions.clubId;
      // An organising club's name is its members' to see (an invite-only club is known to nobody else); the
      // clubs of a battle are named to everyone, as the battle itself is public.
      const memberOf = viewer ? new Set(await deps.membership.clubIdsOf(viewer.userId)) : new Set<number>();
      const own = clubId !== undefined && memberOf.has(clubId) ? [clubId] : [];
      const names = await deps.membership.names([...new Set([...battleIds, ...own])]);
      let canJoin: ArenaView["canJoin"] = { ok: true };
      if (!viewer) canJoin = { ok: false, message: TOURNAMENT_MESSAGES.notLoggedIn };
      else if (mine && !mine.paused) canJoin = { ok: false, message: TOURNAMENT_MESSAGES.alreadyJoined };
      else if (!mine) {
        const entry = await entryOf(arena, viewer);
        if (!entry.ok) canJoin = { ok: false, message: entry.message };
      }
      const me = mine ? meJson(arena, mine, now()) : null;
      return ok({
        arena: summaryJson(arena),
        clubName: clubId !== undefined ? (names.get(clubId) ?? null) : null,
        clubNames: Object.fromEntries(
          battleIds.flatMap((cid) => {
            const name = names.get(cid);
            return name === undefined ? [] : [[cid, name] as const];
          }),
        ),
        standings,
        clubs,
        me: me?.row ? { row: me.row, gameId: me.gameId, rejoinAt: me.rejoinAt } : null,
        canJoin,
        chatRoom: chatRoomOf(arena.id),
        serverTime: now(),
      });
    },

    async standings(id: string, page: number) {
      const arena = await repo.arena(id);
      if (!arena) return fail("not_found", TOURNAMENT_MESSAGES.unknown);
      return ok(await pageOf(arena, page));
    },

    /**
     * What followers are sent: the first page, the clubs, the top games. On the directing node, from its memory
     * (`known`: the arena's name and settings, which never change), without a database read.
     */
    async standingsUpdate(id: string, known?: ArenaRecord): Promise<ArenaStandingsUpdate | undefined> {
      const arena = known ?? (await repo.arena(id));
      if (!arena) return undefined;
      const live = liveOf(arena);
      if (live) {
        return {
          tournamentId: id,
          status: live.running ? "started" : "created",
          nbPlayers: live.nbPlayers,
          top: standingsPage(arena, live.standings, 1).rows,
          clubs: clubsJson(arena, live.standings),
          topGames: topGames(live.standings, live.playing),
        };
      }
      const [page, clubs, playing] = await Promise.all([
        pageOf(arena, 1),
        clubsOf(arena),
        repo.topPlaying(id, TOP_GAMES),
      ]);
      return {
        tournamentId: id,
        status: arena.status,
        nbPlayers: arena.nbPlayers,
        top: page.rows,
        clubs,
        topGames: topGames(playing.players, playing.games, TOP_GAMES),
      };
    },

    /** Joins an arena, or rejoins it after a pause once its delay has passed. */
    async join(user: ArenaUser, id: string): Promise<Result<ArenaMe>> {
      const arena = await repo.arena(id);
      if (!arena) return fail("not_found", TOURNAMENT_MESSAGES.unknown);
      if (arena.status === "finished") return fail("finished", TOURNAMENT_MESSAGES.finished);
      const mine = await repo.player(id, user.userId);
      if (mine) {
        if (!mine.paused) return fail("already_joined", TOURNAMENT_MESSAGES.alreadyJoined);
        const back = await repo.rejoin(id, user.userId, now());
        if (!back.ok) {
          if (back.reason === "wait") {
            return fail("wait", TOURNAMENT_MESSAGES.rejoinLater(Math.ceil((back.waitMs ?? 0) / 1000)));
          }
          return fail(back.reason === "finished" ? "finished" : "conflict", TOURNAMENT_MESSAGES.finished);
        }
      } else {
        const entry = await entryOf(arena, user);
        if (!entry.ok) return entry;
        const joined = await repo.join(id, { userId: entry.userId, rating: entry.rating, clubId: entry.clubId });
        if (joined === "closed") return fail("finished", TOURNAMENT_MESSAGES.finished);
        if (joined === "already") return fail("already_joined", TOURNAMENT_MESSAGES.alreadyJoined);
      }
      deps.changed(id, true, [user.userId]);
      return ok(await tellMe(arena, user.userId));
    },

    /** Pauses a player (not paired until they rejoin); before the start, takes them out of the arena. */
    async pause(user: ArenaUser, id: string): Promise<Result<ArenaMe>> {
      const arena = await repo.arena(id);
      if (!arena) return fail("not_found", TOURNAMENT_MESSAGES.unknown);
      if (arena.status === "finished") return fail("finished", TOURNAMENT_MESSAGES.finished);
      if (!(await repo.player(id, user.userId))) return fail("not_joined", TOURNAMENT_MESSAGES.notJoined);
      if (arena.status === "created" && (await repo.leave(id, user.userId))) {
        deps.changed(id, false, [user.userId]);
        const me: ArenaMe = { tournamentId: id, row: null, gameId: null, rejoinAt: null };
        notify.toUsers([user.userId], "arenaMe", me);
        return ok(me);
      }
      await repo.pause(id, user.userId, now());
      deps.changed(id, false, [user.userId]);
      return ok(await tellMe(arena, user.userId));
    },

    /**
     * A player who let an arena game's first-move time run out is withdrawn (paused, as by their own Pause), as
     * lichess does: not paired again, each time costing an opponent that wait, until they come back and rejoin.
     */
    async withdrawNonMover(id: string, userId: number): Promise<void> {
      const arena = await repo.arena(id);
      if (arena?.status !== "started") return;
      await repo.pause(id, userId, now());
      deps.changed(id, false, [userId]);
      await tellMe(arena, userId);
    },

    /**
     * A closed account leaves the arenas not over: taken out of those not started, withdrawn (paused, never to
     * rejoin) from those running, where its past points stay in the standings, as lichess keeps them.
     */
    async accountClosed(userId: number): Promise<void> {
      for (const arena of await repo.unfinishedOf(userId)) {
        const left = arena.status === "created" && (await repo.leave(arena.id, userId));
        if (!left) await repo.pause(arena.id, userId, now());
        deps.changed(arena.id, false, [userId]);
      }
    },

    async trophies(username: string): Promise<Result<ArenaTrophy[]>> {
      return ok(await repo.trophies(username));
    },

    /**
     * The players' own lines (after a pairing, or a result); `fromLive`: the director's memory has their rows as
     * written (this node paired them or recorded their result), so none is read; `known`: the arena's record as the
     * director holds it (its name and settings never change), not read again.
     */
    async tellPlayers(id: string, userIds: number[], fromLive = false, known?: ArenaRecord): Promise<void> {
      const arena = known ?? (await repo.arena(id));
      if (!arena) return;
      const all = await linesOf(arena, userIds, fromLive);
      for (const userId of userIds) {
        notify.toUsers(
          [userId],
          "arenaMe",
          meJson(
            arena,
            all.find((p) => p.userId === userId),
            now(),
          ),
        );
      }
    },

    /** Whether the arena exists (one row read). */
    async exists(id: string): Promise<boolean> {
      return (await repo.arena(id)) !== undefined;
    },

    /** Whether the user plays in the arena (the tournament chat lets its players write). */
    async isPlayer(id: string, userId: number): Promise<boolean> {
      return (await repo.player(id, userId)) !== undefined;
    },
  };

  async function entryOf(arena: ArenaRecord, user: ArenaUser) {
    const [clubIds, rating] = await Promise.all([
      deps.membership.clubIdsOf(user.userId),
      deps.records.rating(user.userId, arena.settings.variant, arena.settings.timeClass),
    ]);
    return arenaEntry(
      {
        status: arena.status,
        variant: arena.settings.variant,
        timeClass: arena.settings.timeClass,
        conditions: arena.settings.conditions,
        clubBattle: arena.settings.clubBattle,
      },
      { userId: user.userId, clubIds, ratedGames: rating.games, rating: rating.elo, alreadyJoined: false },
    );
  }
}

export type TournamentsService = ReturnType<typeof createTournamentsService>;
