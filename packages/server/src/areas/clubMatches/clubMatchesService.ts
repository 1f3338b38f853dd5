import {
  CLUB_MESSAGES,
  type ClubMatchBoard,
  type ClubMatches,
  type ClubMatchSummary,
  type ClubMatchView,
  type CreateClubMatchBody,
  type DaysPerMove,
  fail,
  CLUB_MATCH_MESSAGES as M,
  type Variant,
} from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import { shortId } from "../../util/ids.ts";
import { ok, type Result } from "../../util/result.ts";
import type { Membership } from "../clubs/index.ts";
import type { DailyStarts, DealtStart } from "../daily/index.ts";
import type { GameRecords } from "../games/index.ts";
import { clubMatchBoards, clubMatchScore, type MatchSide } from "./clubMatchBoards.ts";
import type { ClubMatchesRepo, ClubMatchGameRow, ClubMatchRow } from "./clubMatchesRepo.ts";

export interface MatchUser {
  userId: number;
  username: string;
}

/** Where a match's changes go: both clubs' rooms. */
export interface ClubMatchesLive {
  changed(match: ClubMatchSummary): void;
}

const HOUR_MS = 3_600_000;
/** A node starting a match holds it this long: a start of 100 boards (200 games) takes a few seconds. */
const START_LEASE_MS = 60_000;
const LIST_SIZE = 50;
const NOT_FOUND = fail("not_found", M.unknown);

type GameResult = NonNullable<ClubMatchGameRow["result"]>;
const RESULTS: ReadonlySet<string> = new Set(["white", "black", "draw", "none"]);

/** A match game's id: fixed by the match, board and colour, so a start resumed never makes a game twice. */
export const matchGameId = (matchId: string, board: number, whiteSide: MatchSide) => `${matchId}-${board}${whiteSide}`;

/**
 * Daily club matches: the challenge and its answer, sign-up, the start (rosters by daily rating, board n plays
 * board n, two daily games per board), and the live score as the games end. Club "a" challenged club "b".
 */
export function createClubMatchesService(deps: {
  repo: ClubMatchesRepo;
  membership: Pick<Membership, "isMember" | "club">;
  records: Pick<GameRecords, "rating" | "outcomes">;
  starts: Pick<DailyStarts, "start" | "startPosition">;
  live: ClubMatchesLive;
  now: () => number;
  logger: FastifyBaseLogger;
}) {
  const { repo, membership, records, live, logger } = deps;

  async function clubName(clubId: number): Promise<string> {
    return (await membership.club(clubId))?.name ?? "Closed club";
  }

  /** The summaries of `rows`, with their club names, sign-ups and scores. */
  async function summaries(rows: ClubMatchRow[]): Promise<ClubMatchSummary[]> {
    const ids = rows.map((r) => r.id);
    const [counts, games] = await Promise.all([repo.playerCounts(ids), repo.gamesOf(ids)]);
    const names = new Map<number, string>();
    for (const id of new Set(rows.flatMap((r) => [r.clubA, r.clubB]))) names.set(id, await clubName(id));
    return rows.map((row) => {
      const own = games.filter((g) => g.matchId === row.id);
      const score = clubMatchScore(own);
      const boards = new Set(own.map((g) => g.board)).size;
      const signedUp = counts.get(row.id) ?? { a: 0, b: 0 };
      const started = row.status === "started" || row.status === "finished";
      return {
        matchId: row.id,
        status: row.status,
        a: {
          clubId: row.clubA,
          name: names.get(row.clubA) ?? "",
          score: score.a,
          players: started ? boards : signedUp.a,
        },
        b: {
          clubId: row.clubB,
          name: names.get(row.clubB) ?? "",
          score: score.b,
          players: started ? boards : signedUp.b,
        },
        days: row.days as DaysPerMove,
        variant: row.variant as Variant,
        rated: row.rated,
        maxBoards: row.maxBoards,
        startsAt: row.startsAt,
        startedAt: row.startedAt,
        finishedAt: row.finishedAt,
        finishedGames: score.finished,
        totalGames: score.total,
        winner: started ? score.winner : null,
      };
    });
  }

  async function summary(row: ClubMatchRow): Promise<ClubMatchSummary> {
    return (await summaries([row]))[0] as ClubMatchSummary;
  }

  async function tell(row: ClubMatchRow): Promise<ClubMatchSummary> {
    const s = await summary(row);
    live.changed(s);
    return s;
  }

  /** The caller's club in the match: "a" or "b" (the one given when they belong to both), or undefined. */
  async function sideOf(row: ClubMatchRow, userId: number, clubId?: number): Promise<MatchSide | undefined> {
    const [inA, inB] = await Promise.all([
      membership.isMember(row.clubA, userId),
      membership.isMember(row.clubB, userId),
    ]);
    if (clubId !== undefined) {
      if (clubId === row.clubA && inA) return "a";
      if (clubId === row.clubB && inB) return "b";
      return undefined;
    }
    return inA ? "a" : inB ? "b" : undefined;
  }

  async function isAdminOf(clubId: number, userId: number): Promise<boolean> {
    return (await membership.club(clubId))?.administratorId === userId;
  }

  /** The match as a member of either club may see it; to anyone else it does not exist. */
  async function visible(user: MatchUser, matchId: string) {
    const row = await repo.match(matchId);
    if (!row) return undefined;
    const side = await sideOf(row, user.userId);
    return side ? { row, side } : undefined;
  }

  async function ratingOf(userId: number, variant: Variant): Promise<number> {
    return (await records.rating(userId, variant, "daily")).elo;
  }

  /**
   * Starts `row` under a claim taken by the caller: the boards from the rosters, their games stored first (so
   * every result finds its match), then each game started; games a node started before it died are kept.
   */
  async function begin(row: ClubMatchRow): Promise<Result<ClubMatchRow>> {
    const variant = row.variant as Variant;
    const players = await repo.players(row.id);
    const rated = await Promise.all(players.map(async (p) => ({ ...p, rating: await ratingOf(p.userId, variant) })));
    const roster = (side: MatchSide) => rated.filter((p) => p.side === side);
    const boards = clubMatchBoards(roster("a"), roster("b"), row.maxBoards);
    if (!boards.ok) return fail("cannot_start", M.cannotStart);
    const byId = new Map(rated.map((p) => [p.userId, p]));
    const stored = new Map((await repo.games(row.id)).map((g) => [g.gameId, g]));
    const boardStarts = new Map<number, DealtStart>();
    const rows: ClubMatchGameRow[] = [];
    for (const g of boards.games) {
      const gameId = matchGameId(row.id, g.board, g.whiteSide);
      const white = byId.get(g.white);
      const black = byId.get(g.black);
      if (!white || !black) continue;
      rows.push({
        gameId,
        matchId: row.id,
        board: g.board,
        whiteSide: g.whiteSide,
        whiteUserId: white.userId,
        blackUserId: black.userId,
        whiteName: white.username,
        blackName: black.username,
        whiteRating: white.rating,
        blackRating: black.rating,
        result: null,
      });
    }
    // A start resumed keeps the boards stored before: the ratings may have moved since.
    const toStore = stored.size > 0 ? [] : rows;
    await repo.dueBy(row.id, deps.now());
    await repo.addGames(toStore);
    const games = stored.size > 0 ? [...stored.values()] : rows;
    for (const g of games) {
      if (!boardStarts.has(g.board)) {
        const dealt = await deps.starts.startPosition(variant);
        if (!dealt.ok) return dealt;
        boardStarts.set(g.board, dealt.data as DealtStart);
      }
      if (g.whiteUserId === null || g.blackUserId === null) continue;
      const started = await deps.starts.start({
        white: { userId: g.whiteUserId, name: g.whiteName },
        black: { userId: g.blackUserId, name: g.blackName },
        days: row.days as DaysPerMove,
        variant,
        rated: row.rated,
        gameId: g.gameId,
        start: boardStarts.get(g.board),
        noShowLoses: true,
      });
      if (!started.ok && started.code !== "exists") return started;
    }
    const startedRow = await repo.transition(row.id, ["open", "invited"], "started", deps.now());
    await repo.releaseStart(row.id);
    return startedRow ? ok(startedRow) : NOT_FOUND;
  }

  /** Starts a match now if it can: each club needs a player; else, when `cancelIfEmpty`, it is called off. */
  async function startNow(row: ClubMatchRow, cancelIfEmpty: boolean): Promise<Result<ClubMatchRow>> {
    const now = deps.now();
    if (!(await repo.claimStart(row.id, now, START_LEASE_MS, ["open", "invited"]))) {
      return fail("busy", "The match is being started");
    }
    try {
      const counts = (await repo.playerCounts([row.id])).get(row.id) ?? { a: 0, b: 0 };
      if (row.status === "invited" || counts.a === 0 || counts.b === 0) {
        await repo.releaseStart(row.id);
        if (!cancelIfEmpty) return fail("cannot_start", M.cannotStart);
        const cancelled = await repo.transition(row.id, ["open", "invited"], "cancelled", now);
        return cancelled ? ok(cancelled) : NOT_FOUND;
      }
      return await begin(row);
    } catch (err) {
      // The claim lapses by itself: the next sweep (here or on another node) finishes the start.
      logger.warn({ err, matchId: row.id }, "club match: start left half done");
      throw err;
    }
  }

  /** Stores a game's result and the match's end once every game is over. */
  async function settled(matchId: string): Promise<void> {
    const row = await repo.match(matchId);
    if (!row) return;
    const score = clubMatchScore(await repo.games(matchId));
    let current = row;
    if (score.finished === score.total && row.status === "started") {
      current = (await repo.transition(matchId, ["started"], "finished", deps.now())) ?? row;
    }
    await tell(current);
  }

  return {
    async create(user: MatchUser, body: CreateClubMatchBody): Promise<Result<ClubMatchSummary>> {
      if (body.clubId === body.opponentClubId) return fail("validation", M.sameClub);
      const [mine, theirs, member] = await Promise.all([
        membership.club(body.clubId),
        membership.club(body.opponentClubId),
        membership.isMember(body.clubId, user.userId),
      ]);
      // A club the caller is not in is answered as one that does not exist.
      if (!mine || !theirs || !member) return fail("not_found", CLUB_MESSAGES.unknownClub);
      if (mine.administratorId !== user.userId) return fail("forbidden", M.notAdmin);
      const row = await repo.insert({
        id: shortId(),
        clubA: mine.clubId,
        clubB: theirs.clubId,
        createdBy: user.userId,
        status: "invited",
        days: body.days,
        variant: body.variant,
        rated: body.rated,
        maxBoards: body.maxBoards,
        startsAt: deps.now() + body.signUpHours * HOUR_MS,
      });
      return ok(await tell(row));
    },

    async list(user: MatchUser, clubId: number): Promise<Result<ClubMatches>> {
      if (!(await membership.isMember(clubId, user.userId))) return fail("not_found", CLUB_MESSAGES.unknownClub);
      const matches = await summaries(await repo.ofClub(clubId, LIST_SIZE));
      const record = { won: 0, drawn: 0, lost: 0 };
      for (const m of matches) {
        if (m.status !== "finished" || m.winner === null) continue;
        const ours: MatchSide = m.a.clubId === clubId ? "a" : "b";
        if (m.winner === "draw") record.drawn++;
        else if (m.winner === ours) record.won++;
        else record.lost++;
      }
      return ok({ matches, record });
    },

    async view(user: MatchUser, matchId: string): Promise<Result<ClubMatchView>> {
      const seen = await visible(user, matchId);
      if (!seen) return NOT_FOUND;
      const { row, side } = seen;
      const [match, players, games] = await Promise.all([summary(row), repo.players(matchId), repo.games(matchId)]);
      const variant = row.variant as Variant;
      const rated = await Promise.all(players.map(async (p) => ({ ...p, rating: await ratingOf(p.userId, variant) })));
      const roster = (s: MatchSide) =>
        rated
          .filter((p) => p.side === s)
          .sort((x, y) => y.rating - x.rating || x.userId - y.userId)
          .map((p) => ({ username: p.username, rating: p.rating }));
      const boards = new Map<number, ClubMatchBoard>();
      for (const g of games) {
        const board = boards.get(g.board) ?? {
          board: g.board,
          a:
            g.whiteSide === "a"
              ? { username: g.whiteName, rating: g.whiteRating }
              : { username: g.blackName, rating: g.blackRating },
          b:
            g.whiteSide === "b"
              ? { username: g.whiteName, rating: g.whiteRating }
              : { username: g.blackName, rating: g.blackRating },
          games: [],
        };
        board.games.push({ gameId: g.gameId, whiteSide: g.whiteSide, result: g.result });
        boards.set(g.board, board);
      }
      const clubId = side === "a" ? row.clubA : row.clubB;
      return ok({
        match,
        rosters: { a: roster("a"), b: roster("b") },
        boards: [...boards.values()].sort((x, y) => x.board - y.board),
        me: {
          side,
          joined: players.some((p) => p.userId === user.userId),
          admin: await isAdminOf(clubId, user.userId),
        },
      });
    },

    async accept(user: MatchUser, matchId: string): Promise<Result<ClubMatchSummary>> {
      const seen = await visible(user, matchId);
      if (!seen) return NOT_FOUND;
      const { row } = seen;
      if (!(await isAdminOf(row.clubB, user.userId))) return fail("forbidden", M.notInvitedAdmin);
      const opened = await repo.transition(matchId, ["invited"], "open");
      return opened ? ok(await tell(opened)) : fail("not_invited", M.notInvited);
    },

    async decline(user: MatchUser, matchId: string): Promise<Result<ClubMatchSummary>> {
      const seen = await visible(user, matchId);
      if (!seen) return NOT_FOUND;
      const { row } = seen;
      if (!(await isAdminOf(row.clubB, user.userId))) return fail("forbidden", M.notInvitedAdmin);
      const declined = await repo.transition(matchId, ["invited"], "declined", deps.now());
      return declined ? ok(await tell(declined)) : fail("not_invited", M.notInvited);
    },

    async cancel(user: MatchUser, matchId: string): Promise<Result<ClubMatchSummary>> {
      const seen = await visible(user, matchId);
      if (!seen) return NOT_FOUND;
      const { row } = seen;
      if (!(await isAdminOf(row.clubA, user.userId))) return fail("forbidden", M.notAdmin);
      const cancelled = await repo.transition(matchId, ["invited", "open"], "cancelled", deps.now());
      return cancelled ? ok(await tell(cancelled)) : fail("started", M.alreadyStarted);
    },

    async join(user: MatchUser, matchId: string, clubId?: number): Promise<Result<ClubMatchSummary>> {
      const seen = await visible(user, matchId);
      if (!seen) return NOT_FOUND;
      const { row } = seen;
      const side = await sideOf(row, user.userId, clubId);
      if (!side) return fail("forbidden", M.notMember);
      if (row.status !== "invited" && row.status !== "open") return fail("closed", M.notOpen);
      if (!(await repo.join(matchId, user.userId, side, deps.now()))) {
        const again = await repo.match(matchId);
        const open = again?.status === "invited" || again?.status === "open";
        return open ? fail("already", M.alreadyJoined) : fail("closed", M.notOpen);
      }
      return ok(await tell(row));
    },

    async leave(user: MatchUser, matchId: string): Promise<Result<ClubMatchSummary>> {
      const seen = await visible(user, matchId);
      if (!seen) return NOT_FOUND;
      const { row } = seen;
      if (row.status !== "invited" && row.status !== "open") return fail("closed", M.notOpen);
      if (!(await repo.leave(matchId, user.userId))) return fail("not_joined", M.notJoined);
      return ok(await tell(row));
    },

    async start(user: MatchUser, matchId: string): Promise<Result<ClubMatchSummary>> {
      const seen = await visible(user, matchId);
      if (!seen) return NOT_FOUND;
      const { row } = seen;
      const admin = (await isAdminOf(row.clubA, user.userId)) || (await isAdminOf(row.clubB, user.userId));
      if (!admin) return fail("forbidden", M.notAdmin);
      if (row.status === "invited") return fail("not_invited", "The challenged club has not accepted yet");
      if (row.status !== "open") return fail("started", M.alreadyStarted);
      const started = await startNow(row, false);
      return started.ok ? ok(await tell(started.data as ClubMatchRow)) : started;
    },

    /**
     * The sweep: matches whose sign-up is over start (or are called off without players on both sides, or
     * never accepted), and results no node heard (a node died after a game ended) are read from the games.
     */
    async sweep(): Promise<void> {
      for (const row of await repo.due(deps.now(), 20)) {
        try {
          const outcome = await startNow(row, true);
          if (outcome.ok) await tell(outcome.data as ClubMatchRow);
        } catch (err) {
          logger.warn({ err, matchId: row.id }, "club match: start failed; tried again at the next sweep");
        }
      }
      const open = await repo.unsettled(500);
      const outcomes = await records.outcomes(open.map((g) => g.gameId));
      const touched = new Set<string>();
      for (const [gameId, result] of outcomes) {
        const matchId = RESULTS.has(result) ? await repo.settle(gameId, result as GameResult) : undefined;
        if (matchId) touched.add(matchId);
      }
      for (const matchId of touched) await settled(matchId);
    },

    /** A game ended: if it is a match game, the score moves (once per game). */
    async gameFinished(gameId: string, winningColor: string): Promise<void> {
      if (!RESULTS.has(winningColor)) return;
      const matchId = await repo.settle(gameId, winningColor as GameResult);
      if (matchId) await settled(matchId);
    },
  };
}

export type ClubMatchesService = ReturnType<typeof createClubMatchesService>;
