import type { ArenaRecurrence, ArenaStatus } from "@chess/shared";
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import { type Db, runStatement } from "../../storage/db.ts";
import {
  type StoredArenaResult,
  tournamentPairings,
  tournamentPlayers,
  tournaments,
  users,
} from "../../storage/schema.ts";
import { rejoinDelayMs } from "./arenaEntry.ts";
import type { ArenaSettings } from "./arenaSettings.ts";
import { rankStandings, resultCounts } from "./arenaStandings.ts";
import {
  type ArenaPlayerRecord,
  type ArenaRecord,
  arenaOf,
  derived,
  type PlayerRow,
  playerColumns,
  playerOf,
} from "./tournamentsRows.ts";

export type { ArenaPlayerRecord, ArenaRecord } from "./tournamentsRows.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A pairing the director wants stored before it starts the game under `gameId`. */
export interface NewPairing {
  gameId: string;
  white: number;
  black: number;
}

export interface GameResult {
  winner: "white" | "black" | "draw";
  plies: number;
  finishedAt: number;
  /** Each side's rating after the game, when it was rated. */
  ratings?: { white: number; black: number };
  /** Who berserked, as the game knew it (also stored on the pairing). */
  berserk?: { white: boolean; black: boolean };
}

/** What recording a result changed: whether it counted, and both players as they are now. */
export interface RecordedResult {
  tournamentId: string;
  counted: boolean;
  players: ArenaPlayerRecord[];
}

export type RejoinResult =
  | { ok: true }
  | { ok: false; reason: "not_joined" | "not_paused" | "finished" | "wait"; waitMs?: number };

/**
 * The arena's status when `epoch` is its director's, else undefined; holds the arena's row against a takeover
 * (which bumps the epoch) until the transaction ends.
 */
async function directedStatus(
  tx: Tx,
  id: string,
  epoch: number,
  lock: "share" | "update",
): Promise<ArenaStatus | undefined> {
  const [row] = await tx
    .select({ status: tournaments.status, epoch: tournaments.directorEpoch })
    .from(tournaments)
    .where(eq(tournaments.id, id))
    .for(lock);
  return row?.epoch === epoch ? row.status : undefined;
}

/**
 * The arena, the pairing and its two players, as `recordResult` reads them: one row per player (one with
 * the player's columns null when neither is in the arena any more).
 */
type RecordRow = {
  status: ArenaStatus;
  /** Times as epoch ms (the drivers differ in how they give timestamps). */
  endsAt: number | null;
  streaks: boolean;
  tournamentId: string;
  whiteId: number;
  blackId: number;
  whiteRating: number;
  blackRating: number;
  whiteBerserk: boolean;
  blackBerserk: boolean;
} & (StoredPlayer | { [K in keyof StoredPlayer]: null });

type StoredPlayer = Omit<PlayerRow, "rejoinAt"> & { rejoinAt: number | null };

/**
 * An arena game's end, first statement: the game's arena locked for share (as `finish` locks it to end the
 * arena, so whether the result counts is decided against the arena as it stays until this commits), the
 * pairing ended once (still 'playing'), and both players locked for update in id order (as `pair` locks
 * them). One round trip for what took three: on PGlite the transaction holds the database across each.
 * Nothing is returned when the pairing is no arena's or its result is recorded already.
 */
const RECORD_RESULT = `
  with a as (
    select t.id, t.status, t.ends_at, t.streaks from tournaments t
    where t.id = (select tournament_id from tournament_pairings where game_id = $1::text)
    for share
  ),
  p as (
    update tournament_pairings tp set status = 'finished', winner = $2::text, plies = $3::int,
      finished_at = to_timestamp($4::bigint / 1000.0),
      white_berserk = tp.white_berserk or $5::boolean, black_berserk = tp.black_berserk or $6::boolean
    from a
    where tp.game_id = $1::text and tp.status = 'playing' and tp.tournament_id = a.id
    returning tp.tournament_id, tp.white_id, tp.black_id, tp.white_rating, tp.black_rating, tp.white_berserk,
      tp.black_berserk
  ),
  pl as (
    select x.user_id, u.username, x.rating, x.club_id, x.results, x.points, x.on_fire, x.performance, x.berserks,
      x.paused, x.pauses, x.rejoin_at, x.playing_game_id, x.final_rank, u.closed_at is not null as closed
    from p join tournament_players x on x.tournament_id = p.tournament_id and x.user_id in (p.white_id, p.black_id)
      join users u on u.id = x.user_id
    order by x.user_id
    for update of x
  )
  select a.status, (extract(epoch from a.ends_at) * 1000)::float8 as "endsAt", a.streaks,
    p.tournament_id as "tournamentId", p.white_id as "whiteId", p.black_id as "blackId",
    p.white_rating as "whiteRating", p.black_rating as "blackRating", p.white_berserk as "whiteBerserk",
    p.black_berserk as "blackBerserk",
    pl.user_id as "userId", pl.username, pl.rating, pl.club_id as "clubId", pl.results, pl.points,
    pl.on_fire as "onFire", pl.performance, pl.berserks, pl.paused, pl.pauses,
    (extract(epoch from pl.rejoin_at) * 1000)::float8 as "rejoinAt",
    pl.playing_game_id as "playingGameId", pl.final_rank as "finalRank", pl.closed
  from p cross join a left join pl on true
  order by pl.user_id`;

/**
 * Its second: the pairing's `counted`, and both players as the result left them (their rows are locked since
 * the first). One JSON parameter: the same text for every game.
 */
const RECORD_RESULT_PLAYERS = `
  with m as (select * from json_to_record($1::json) as m(g text, c boolean, t text, p json)),
  pc as (update tournament_pairings tp set counted = m.c from m where tp.game_id = m.g)
  update tournament_players x set playing_game_id = v.pg, rating = v.r, results = v.res, points = v.pts,
    on_fire = v.f, performance = v.perf, berserks = v.bz
  from m, json_to_recordset(m.p) as v(u int, pg text, r int, res jsonb, pts int, f boolean, perf int, bz int)
  where x.tournament_id = m.t and x.user_id = v.u`;

const playerRow = (r: StoredPlayer): PlayerRow => ({
  userId: r.userId,
  username: r.username,
  rating: r.rating,
  clubId: r.clubId,
  results: r.results,
  points: r.points,
  onFire: r.onFire,
  performance: r.performance,
  berserks: r.berserks,
  paused: r.paused,
  pauses: r.pauses,
  rejoinAt: r.rejoinAt === null ? null : new Date(r.rejoinAt),
  playingGameId: r.playingGameId,
  finalRank: r.finalRank,
  closed: r.closed,
});

export function createTournamentsRepo(db: Db) {
  /** rankStandings' order in SQL: points, performance (the rating while none), rating (then the lower id). */
  const liveOrder = () => [
    desc(tournamentPlayers.points),
    desc(sql`coalesce(${tournamentPlayers.performance}, ${tournamentPlayers.rating})`),
    desc(tournamentPlayers.rating),
  ];
  const playersOf = (tx: Db | Tx, id: string, userIds?: number[]) =>
    tx
      .select(playerColumns)
      .from(tournamentPlayers)
      .innerJoin(users, eq(users.id, tournamentPlayers.userId))
      .where(
        and(eq(tournamentPlayers.tournamentId, id), userIds ? inArray(tournamentPlayers.userId, userIds) : undefined),
      )
      .orderBy(asc(tournamentPlayers.userId));

  /** A few players of the arena with their live rank, counted by the database (see `ranked`). */
  async function rankedOf(id: string, userIds: number[]): Promise<Array<ArenaPlayerRecord & { rank: number }>> {
    if (userIds.length === 0) return [];
    const players = (await playersOf(db, id, userIds)).map(playerOf);
    if (players.length === 0) return [];
    const tp = tournamentPlayers;
    const ahead = (p: ArenaPlayerRecord) =>
      sql<number>`count(*) filter (where (${tp.points}, coalesce(${tp.performance}, ${tp.rating}), ${tp.rating}, -${tp.userId})
        > (${p.points}::int, ${p.performance ?? p.rating}::int, ${p.rating}::int, ${-p.userId}::int))::int`;
    const [counts] = await db
      .select(Object.fromEntries(players.map((p, i) => [`r${i}`, ahead(p)])))
      .from(tp)
      .where(eq(tp.tournamentId, id));
    return players.map((p, i) => ({ ...p, rank: Number(counts?.[`r${i}`] ?? 0) + 1 }));
  }

  return {
    /**
     * Stores a new arena, not started. False when the schedule's slot is taken already (another node made it).
     */
    async insert(a: {
      id: string;
      createdBy: number | null;
      settings: ArenaSettings;
      recurrence?: ArenaRecurrence;
      scheduleSlot?: string;
    }): Promise<boolean> {
      const s = a.settings;
      const { clubId, ...conditions } = s.conditions;
      await db.insert(tournaments).values({
        id: a.id,
        name: s.name,
        createdBy: a.createdBy,
        variant: s.variant,
        timeClass: s.timeClass,
        baseMs: Math.round(s.timeControl.baseTime * 60_000),
        incrementMs: s.timeControl.increment * 1000,
        jumpstart: s.jumpstart,
        rated: s.rated,
        berserkable: s.berserkable,
        streaks: s.streaks,
        durationMinutes: s.durationMinutes,
        startsAt: new Date(s.startsAt),
        clubId: clubId ?? null,
        conditions,
        clubBattle: s.clubBattle,
        recurrence: a.recurrence ?? "none",
        scheduleSlot: a.scheduleSlot ?? null,
      });
      return true;
    },

    /** Whether the schedule's slot has its arena. */
    async hasSlot(slot: string): Promise<boolean> {
      const rows = await db
        .select({ id: tournaments.id })
        .from(tournaments)
        .where(eq(tournaments.scheduleSlot, slot))
        .limit(1);
      return rows.length > 0;
    },

    /** The arenas not over (each is directed by one node). */
    async unfinished(): Promise<Array<{ id: string; status: ArenaStatus }>> {
      return db
        .select({ id: tournaments.id, status: tournaments.status })
        .from(tournaments)
        .where(ne(tournaments.status, "finished"));
    },

    /** Leaves an arena before its start: the player is no longer in it. False if not in it or started. */
    async leave(id: string, userId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [arena] = await tx
          .select({ status: tournaments.status })
          .from(tournaments)
          .where(eq(tournaments.id, id))
          .for("update");
        if (arena?.status !== "created") return false;
        const gone = await tx
          .delete(tournamentPlayers)
          .where(and(eq(tournamentPlayers.tournamentId, id), eq(tournamentPlayers.userId, userId)))
          .returning({ userId: tournamentPlayers.userId });
        if (gone.length === 0) return false;
        await tx
          .update(tournaments)
          .set({ nbPlayers: sql`${tournaments.nbPlayers} - 1` })
          .where(eq(tournaments.id, id));
        return true;
      });
    },

    /** The arenas not over that a player is in. */
    async unfinishedOf(userId: number): Promise<Array<{ id: string; status: ArenaStatus }>> {
      return db
        .select({ id: tournaments.id, status: tournaments.status })
        .from(tournamentPlayers)
        .innerJoin(tournaments, eq(tournaments.id, tournamentPlayers.tournamentId))
        .where(and(eq(tournamentPlayers.userId, userId), ne(tournaments.status, "finished")));
    },

    /** One player of an arena, if they joined it. */
    async player(id: string, userId: number): Promise<ArenaPlayerRecord | undefined> {
      const [row] = await playersOf(db, id, [userId]);
      return row && playerOf(row);
    },

    /** A player's podiums (ranks 1-3) in finished arenas where they played, latest first. */
    async trophies(username: string, limit = 100) {
      const rows = await db
        .select({
          tournamentId: tournaments.id,
          name: tournaments.name,
          rank: tournamentPlayers.finalRank,
          finishedAt: tournaments.finishedAt,
        })
        .from(tournamentPlayers)
        .innerJoin(tournaments, eq(tournaments.id, tournamentPlayers.tournamentId))
        .innerJoin(users, eq(users.id, tournamentPlayers.userId))
        .where(
          and(
            sql`lower(${users.username}) = lower(${username})`,
            eq(tournaments.status, "finished"),
            lte(tournamentPlayers.finalRank, 3),
            sql`jsonb_array_length(${tournamentPlayers.results}) > 0`,
          ),
        )
        .orderBy(desc(tournaments.finishedAt))
        .limit(limit);
      return rows.map((r) => ({
        tournamentId: r.tournamentId,
        name: r.name,
        rank: r.rank ?? 0,
        finishedAt: r.finishedAt?.getTime() ?? 0,
      }));
    },

    /** Stores a finished club battle's table (once the standings are frozen; the same table each time). */
    async setBattleResult(id: string, table: Array<{ clubId: number; rank: number; points: number }>) {
      await db.update(tournaments).set({ battleResult: table }).where(eq(tournaments.id, id));
    },

    /** A club's finished battles: how many, how many won, the points it scored in them. */
    async battlesOf(clubId: number): Promise<{ played: number; won: number; points: number }> {
      const rows = await db
        .select({ result: tournaments.battleResult })
        .from(tournaments)
        .where(
          and(
            eq(tournaments.status, "finished"),
            sql`${tournaments.battleResult} @> ${JSON.stringify([{ clubId }])}::jsonb`,
          ),
        );
      let won = 0;
      let points = 0;
      for (const r of rows) {
        const mine = r.result?.find((c) => c.clubId === clubId);
        if (mine?.rank === 1 && mine.points > 0) won++;
        points += mine?.points ?? 0;
      }
      return { played: rows.length, won, points };
    },

    async arena(id: string): Promise<ArenaRecord | undefined> {
      const [row] = await db
        .select({ t: tournaments, winner: users.username })
        .from(tournaments)
        .leftJoin(users, eq(users.id, tournaments.winnerId))
        .where(eq(tournaments.id, id))
        .limit(1);
      return row && arenaOf(row.t, row.winner);
    },

    /** Account names by id. */
    async names(userIds: number[]): Promise<Map<number, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.id, userIds));
      return new Map(rows.map((r) => [r.id, r.username]));
    },

    /** Arenas of one status: the next to start first, the running by start, the finished latest first. */
    async list(status: ArenaStatus, limit: number): Promise<ArenaRecord[]> {
      const order = status === "finished" ? desc(tournaments.finishedAt) : asc(tournaments.startsAt);
      const rows = await db
        .select({ t: tournaments, winner: users.username })
        .from(tournaments)
        .leftJoin(users, eq(users.id, tournaments.winnerId))
        .where(eq(tournaments.status, status))
        .orderBy(order)
        .limit(limit);
      return rows.map((r) => arenaOf(r.t, r.winner));
    },

    /** Takes the direction of an arena: the new epoch, under which alone it is paired, started and ended. */
    async takeDirection(id: string): Promise<number | undefined> {
      const [row] = await db
        .update(tournaments)
        .set({ directorEpoch: sql`${tournaments.directorEpoch} + 1` })
        .where(eq(tournaments.id, id))
        .returning({ epoch: tournaments.directorEpoch });
      return row?.epoch;
    },

    /** Starts a created arena at `at`: it ends its duration later. False when fenced out or not waiting to start. */
    async start(id: string, epoch: number, at: number): Promise<boolean> {
      const rows = await db
        .update(tournaments)
        .set({
          status: "started",
          endsAt: sql`${new Date(at).toISOString()}::timestamptz + make_interval(mins => ${tournaments.durationMinutes})`,
        })
        .where(and(eq(tournaments.id, id), eq(tournaments.status, "created"), eq(tournaments.directorEpoch, epoch)))
        .returning({ id: tournaments.id });
      return rows.length === 1;
    },

    /** Adds a player (their entry already checked); refused once the arena is over. */
    async join(
      id: string,
      entry: { userId: number; rating: number; clubId: number | null },
    ): Promise<"joined" | "already" | "closed"> {
      return db.transaction(async (tx) => {
        const [arena] = await tx
          .select({ status: tournaments.status })
          .from(tournaments)
          .where(eq(tournaments.id, id))
          .for("update");
        if (!arena || arena.status === "finished") return "closed";
        const inserted = await tx
          .insert(tournamentPlayers)
          .values({ tournamentId: id, ...entry })
          .onConflictDoNothing()
          .returning({ userId: tournamentPlayers.userId });
        if (inserted.length === 0) return "already";
        await tx
          .update(tournaments)
          .set({ nbPlayers: sql`${tournaments.nbPlayers} + 1` })
          .where(eq(tournaments.id, id));
        return "joined";
      });
    },

    /** Pauses a player: not paired until they rejoin, which they may from the returned time. */
    async pause(id: string, userId: number, at: number): Promise<{ rejoinAt: number } | undefined> {
      return db.transaction(async (tx) => {
        const [p] = await tx
          .select({
            paused: tournamentPlayers.paused,
            pauses: tournamentPlayers.pauses,
            rejoinAt: tournamentPlayers.rejoinAt,
          })
          .from(tournamentPlayers)
          .where(and(eq(tournamentPlayers.tournamentId, id), eq(tournamentPlayers.userId, userId)))
          .for("update");
        if (!p) return undefined;
        if (p.paused) return { rejoinAt: p.rejoinAt?.getTime() ?? at };
        const rejoinAt = at + rejoinDelayMs(p.pauses + 1);
        await tx
          .update(tournamentPlayers)
          .set({ paused: true, pauses: p.pauses + 1, rejoinAt: new Date(rejoinAt) })
          .where(and(eq(tournamentPlayers.tournamentId, id), eq(tournamentPlayers.userId, userId)));
        return { rejoinAt };
      });
    },

    /** Ends a pause once its delay has passed. */
    async rejoin(id: string, userId: number, at: number): Promise<RejoinResult> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({
            status: tournaments.status,
            paused: tournamentPlayers.paused,
            rejoinAt: tournamentPlayers.rejoinAt,
          })
          .from(tournamentPlayers)
          .innerJoin(tournaments, eq(tournaments.id, tournamentPlayers.tournamentId))
          .where(and(eq(tournamentPlayers.tournamentId, id), eq(tournamentPlayers.userId, userId)))
          .for("update", { of: tournamentPlayers });
        if (!row) return { ok: false, reason: "not_joined" };
        if (row.status === "finished") return { ok: false, reason: "finished" };
        if (!row.paused) return { ok: false, reason: "not_paused" };
        const waitMs = (row.rejoinAt?.getTime() ?? at) - at;
        if (waitMs > 0) return { ok: false, reason: "wait", waitMs };
        await tx
          .update(tournamentPlayers)
          .set({ paused: false })
          .where(and(eq(tournamentPlayers.tournamentId, id), eq(tournamentPlayers.userId, userId)));
        return { ok: true };
      });
    },

    /** Some players of the arena (those something happened to), by id. */
    async some(id: string, userIds: number[]): Promise<ArenaPlayerRecord[]> {
      if (userIds.length === 0) return [];
      return (await playersOf(db, id, [...new Set(userIds)])).map(playerOf);
    },

    /** Every player of the arena (the standings and the pairing read them). */
    async players(id: string): Promise<ArenaPlayerRecord[]> {
      return (await playersOf(db, id)).map(playerOf);
    },

    /**
     * One page of the standings, `size` rows from rank `offset + 1`, ordered by the database: rankStandings' order,
     * or the frozen ranks once the arena is over (`frozen`). The rows of a page, never every player's.
     */
    async page(
      id: string,
      offset: number,
      size: number,
      frozen: boolean,
    ): Promise<Array<ArenaPlayerRecord & { rank: number }>> {
      const tp = tournamentPlayers;
      const rows = await db
        .select(playerColumns)
        .from(tp)
        .innerJoin(users, eq(users.id, tp.userId))
        .where(eq(tp.tournamentId, id))
        .orderBy(...(frozen ? [sql`${tp.finalRank} asc nulls last`] : liveOrder()), asc(tp.userId))
        .limit(size)
        .offset(offset);
      return rows.map(playerOf).map((p, i) => ({ ...p, rank: (frozen ? p.finalRank : null) ?? offset + i + 1 }));
    },

    /**
     * A club battle's counting players: the best `topN` of each club, with their ranks (a battle's table), read
     * without every player's row.
     */
    async clubBest(id: string, topN: number, frozen: boolean): Promise<Array<ArenaPlayerRecord & { rank: number }>> {
      const tp = tournamentPlayers;
      const order = frozen
        ? sql`${tp.finalRank} asc nulls last, ${tp.userId}`
        : sql`${tp.points} desc,
        coalesce(${tp.performance}, ${tp.rating}) desc, ${tp.rating} desc, ${tp.userId}`;
      const best = db
        .select({
          userId: tp.userId,
          n: sql<number>`row_number() over (partition by ${tp.clubId} order by ${order})`.as("n"),
        })
        .from(tp)
        .where(and(eq(tp.tournamentId, id), isNotNull(tp.clubId)))
        .as("best");
      const ids = await db.select({ userId: best.userId }).from(best).where(lte(best.n, topN));
      const players = ids.map((r) => r.userId);
      if (!frozen) return rankedOf(id, players);
      return (await playersOf(db, id, players)).map(playerOf).map((p) => ({ ...p, rank: p.finalRank ?? 0 }));
    },

    /**
     * The games the best placed players are playing now (the top games' candidates: the first `limit` of them), with
     * their players ranked; read without every player's row or every game.
     */
    async topPlaying(id: string, limit: number) {
      const tp = tournamentPlayers;
      const best = await db
        .select({ gameId: tp.playingGameId })
        .from(tp)
        .where(and(eq(tp.tournamentId, id), isNotNull(tp.playingGameId)))
        .orderBy(...liveOrder(), asc(tp.userId))
        .limit(2 * limit);
      const gameIds = [...new Set(best.flatMap((b) => (b.gameId === null ? [] : [b.gameId])))];
      if (gameIds.length === 0) return { players: [], games: [] };
      const games = await db
        .select({
          gameId: tournamentPairings.gameId,
          whiteId: tournamentPairings.whiteId,
          blackId: tournamentPairings.blackId,
        })
        .from(tournamentPairings)
        .where(and(inArray(tournamentPairings.gameId, gameIds), eq(tournamentPairings.status, "playing")));
      return {
        players: await rankedOf(
          id,
          games.flatMap((g) => [g.whiteId, g.blackId]),
        ),
        games,
      };
    },

    /**
     * A few players of the arena with their live rank (rankStandings' order), counted by the database: a player's
     * line without reading every player's row.
     */
    ranked: rankedOf,

    /**
     * Stores the pairs whose two players are both still free, not paused and their accounts open, marking them as
     * playing: a player is never in two games of the arena at once, and an account closed while the wave was
     * computed is not paired (its users row is held against the closing until the pairs are stored). Returns the pairs stored, or undefined when this director
     * is fenced out or the arena is not running.
     */
    async pair(id: string, epoch: number, pairs: readonly NewPairing[]): Promise<NewPairing[] | undefined> {
      return db.transaction(async (tx) => {
        if ((await directedStatus(tx, id, epoch, "share")) !== "started") return undefined;
        if (pairs.length === 0) return [];
        const ids = pairs.flatMap((p) => [p.white, p.black]);
        const open = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.id, ids), isNull(users.closedAt)))
          .orderBy(asc(users.id))
          .for("share");
        const openIds = open.map((u) => u.id);
        if (openIds.length === 0) return [];
        const free = await tx
          .select({ userId: tournamentPlayers.userId, rating: tournamentPlayers.rating })
          .from(tournamentPlayers)
          .where(
            and(
              eq(tournamentPlayers.tournamentId, id),
              inArray(tournamentPlayers.userId, openIds),
              isNull(tournamentPlayers.playingGameId),
              eq(tournamentPlayers.paused, false),
            ),
          )
          .orderBy(asc(tournamentPlayers.userId))
          .for("update");
        const rating = new Map(free.map((f) => [f.userId, f.rating]));
        const stored = pairs.filter((p) => p.white !== p.black && rating.has(p.white) && rating.has(p.black));
        if (stored.length === 0) return [];
        const cases = sql.join(
          stored.flatMap((p) => [
            sql`when ${p.white} then ${p.gameId}::text`,
            sql`when ${p.black} then ${p.gameId}::text`,
          ]),
          sql` `,
        );
        await tx
          .update(tournamentPlayers)
          .set({ playingGameId: sql`case ${tournamentPlayers.userId} ${cases} end` })
          .where(
            and(
              eq(tournamentPlayers.tournamentId, id),
              inArray(
                tournamentPlayers.userId,
                stored.flatMap((p) => [p.white, p.black]),
              ),
            ),
          );
        await tx.insert(tournamentPairings).values(
          stored.map((p) => ({
            gameId: p.gameId,
            tournamentId: id,
            whiteId: p.white,
            blackId: p.black,
            whiteRating: rating.get(p.white)!,
            blackRating: rating.get(p.black)!,
          })),
        );
        return stored;
      });
    },

    /** Records that a player berserked in an arena game still being played; false otherwise. */
    async berserk(gameId: string, userId: number): Promise<boolean> {
      const playing = and(eq(tournamentPairings.gameId, gameId), eq(tournamentPairings.status, "playing"));
      const asWhite = await db
        .update(tournamentPairings)
        .set({ whiteBerserk: true })
        .where(and(playing, eq(tournamentPairings.whiteId, userId)))
        .returning({ gameId: tournamentPairings.gameId });
      if (asWhite.length) return true;
      const asBlack = await db
        .update(tournamentPairings)
        .set({ blackBerserk: true })
        .where(and(playing, eq(tournamentPairings.blackId, userId)))
        .returning({ gameId: tournamentPairings.gameId });
      return asBlack.length > 0;
    },

    /**
     * Records an arena game's end once: frees both players and, if it finished while the arena ran, adds it to
     * their results and points. Undefined for a game that is no arena's or whose result is already recorded.
     */
    async recordResult(gameId: string, r: GameResult): Promise<RecordedResult | undefined> {
      return db.transaction(async (tx) => {
        const rows = await runStatement<RecordRow>(tx as unknown as Db, RECORD_RESULT, [
          gameId,
          r.winner,
          r.plies,
          r.finishedAt,
          r.berserk?.white ?? false,
          r.berserk?.black ?? false,
        ]);
        const [pairing] = rows;
        if (!pairing) return undefined;
        const counted = resultCounts(pairing, r.finishedAt);
        const players = rows.flatMap((row): PlayerRow[] => (row.userId === null ? [] : [playerRow(row)]));
        for (const p of players) {
          const white = p.userId === pairing.whiteId;
          p.playingGameId = p.playingGameId === gameId ? null : p.playingGameId;
          if (r.ratings) p.rating = white ? r.ratings.white : r.ratings.black;
          if (counted) {
            const result: StoredArenaResult = {
              gameId,
              opponentId: white ? pairing.blackId : pairing.whiteId,
              opponentRating: white ? pairing.blackRating : pairing.whiteRating,
              color: white ? "w" : "b",
              outcome: r.winner === "draw" ? "draw" : (r.winner === "white") === white ? "win" : "loss",
              plies: r.plies,
              berserk: white ? pairing.whiteBerserk : pairing.blackBerserk,
            };
            p.results = [...p.results, result];
            Object.assign(p, derived(p.results, pairing.streaks));
          }
        }
        await runStatement(tx as unknown as Db, RECORD_RESULT_PLAYERS, [
          JSON.stringify({
            g: gameId,
            c: counted,
            t: pairing.tournamentId,
            p: players.map((p) => ({
              u: p.userId,
              pg: p.playingGameId,
              r: p.rating,
              res: p.results,
              pts: p.points,
              f: p.onFire,
              perf: p.performance,
              bz: p.berserks,
            })),
          }),
        ]);
        return { tournamentId: pairing.tournamentId, counted, players: players.map(playerOf) };
      });
    },

    /** Gives up a pairing whose game could not be started: its players are free again. False if not playing. */
    async cancelPairing(gameId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [pairing] = await tx
          .update(tournamentPairings)
          .set({ status: "cancelled", counted: false })
          .where(and(eq(tournamentPairings.gameId, gameId), eq(tournamentPairings.status, "playing")))
          .returning();
        if (!pairing) return false;
        await tx
          .update(tournamentPlayers)
          .set({ playingGameId: null })
          .where(
            and(eq(tournamentPlayers.tournamentId, pairing.tournamentId), eq(tournamentPlayers.playingGameId, gameId)),
          );
        return true;
      });
    },

    /** Arena games still being played (a new director resumes from them). */
    async playing(id: string) {
      return db
        .select()
        .from(tournamentPairings)
        .where(and(eq(tournamentPairings.tournamentId, id), eq(tournamentPairings.status, "playing")));
    },

    /**
     * Ends a running arena at `at` and freezes its standings: each player's final rank, the winner (the leader,
     * if they played). Returns the final standings, or undefined when fenced out or not running.
     */
    async finish(id: string, epoch: number, at: number) {
      return db.transaction(async (tx) => {
        if ((await directedStatus(tx, id, epoch, "update")) !== "started") return undefined;
        const [arena] = await tx
          .update(tournaments)
          .set({ status: "finished", finishedAt: new Date(at) })
          .where(and(eq(tournaments.id, id), eq(tournaments.status, "started")))
          .returning({ id: tournaments.id });
        if (!arena) return undefined;
        const ranked = rankStandings((await playersOf(tx, id)).map(playerOf));
        for (let i = 0; i < ranked.length; i += 2_000) {
          const chunk = ranked.slice(i, i + 2_000);
          const cases = sql.join(
            chunk.map((p) => sql`when ${p.userId} then ${p.rank}::int`),
            sql` `,
          );
          await tx
            .update(tournamentPlayers)
            .set({ finalRank: sql`case ${tournamentPlayers.userId} ${cases} end` })
            .where(
              and(
                eq(tournamentPlayers.tournamentId, id),
                inArray(
                  tournamentPlayers.userId,
                  chunk.map((p) => p.userId),
                ),
              ),
            );
        }
        const leader = ranked[0];
        if (leader && leader.results.length > 0) {
          await tx.update(tournaments).set({ winnerId: leader.userId }).where(eq(tournaments.id, id));
        }
        return ranked.map((p) => ({ ...p, finalRank: p.rank }));
      });
    },
  };
}

export type TournamentsRepo = ReturnType<typeof createTournamentsRepo>;
