import {
  type Color,
  type DailyGame,
  type DailyGames,
  type DailyMovePayload,
  dailyTimeLeft,
  fail,
  isChess960Fen,
  other,
} from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import { ok, type Result } from "../../util/result.ts";
import type { GameFinisher, Result as GameResult } from "../games/index.ts";
import { validateConditionals } from "./dailyConditionals.ts";
import { dailyGameJson, dailyGamesJson, dailyMovedJson } from "./dailyJson.ts";
import type { DailyNotifier } from "./dailyNotifier.ts";
import { moveInGame } from "./dailyPauses.ts";
import { moveNotice } from "./dailyReminders.ts";
import type { DailyRepo } from "./dailyRepo.ts";
import {
  advance,
  colorOfUser,
  type DailyRound,
  DRAW_AGREED,
  dueEnd,
  endingGame,
  playDailyMove,
  resignation,
  turnOf,
  winnerName,
} from "./dailyRound.ts";
import { loadRound, onVacationAt, vacationsOf } from "./dailyRounds.ts";
import type { DailyVacations } from "./dailyVacations.ts";

const NOT_FOUND = fail("not_found", "Daily game not found");
const MOVED_ON = fail("resync", "The game has moved on - reload it");

/** A daily game's player: an account. */
export interface DailyUser {
  userId: number;
  username: string;
}

/**
 * Daily games (correspondence): every command reads its game from the database, decides with the pure rules of
 * dailyRound.ts and stores the outcome against the ply it read (a compare-and-set), so nothing of a game stays
 * in memory between commands and two nodes never both store a move for one position.
 */
export function createDailyService(deps: {
  repo: DailyRepo;
  notify: DailyNotifier;
  finisher: GameFinisher;
  vacations: DailyVacations;
  now: () => number;
  logger: FastifyBaseLogger;
}) {
  const { repo, notify, finisher, vacations, logger } = deps;
  const ids = (round: DailyRound) => [round.players.w.userId, round.players.b.userId];

  /** The round and the caller's side in it, or why not. */
  async function playerRound(user: DailyUser, gameId: string) {
    const round = await loadRound(repo, gameId);
    if (!round) return NOT_FOUND;
    const color = colorOfUser(round, user.userId);
    if (!color) return fail("forbidden", "You are not playing this game");
    if (round.status !== "active") return fail("over", "This game is over");
    return { ok: true as const, round, color };
  }

  /**
   * Ends the game through the games area's finisher (result, ratings, history in one transaction) and tells
   * everyone. "moved": a move was stored since the round was read; the caller reads it again.
   */
  async function finish(round: DailyRound, result: GameResult): Promise<"finished" | "over" | "moved"> {
    const now = deps.now();
    const { outcome, change } = await finisher.finish(endingGame(round), result, now);
    if (outcome === "moved") return outcome;
    await repo.closed(round.id);
    if (outcome === "finished") {
      notify.toGame(round.id, ids(round), "dailyOver", {
        gameId: round.id,
        winningColor: result.winningColor,
        reason: result.reason,
        winner: winnerName(round, result.winningColor),
        fen: round.board.fen(),
        eloChange: change,
      });
    }
    return outcome;
  }

  /** Ends a game decided by `decide` on a fresh read, read again while moves slip in between. */
  async function finishWith(
    gameId: string,
    decide: (round: DailyRound) => GameResult | undefined,
  ): Promise<"finished" | "over" | "not_due"> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const round = await loadRound(repo, gameId);
      if (round?.status !== "active") {
        if (round) await repo.closed(gameId);
        return "over";
      }
      const result = decide(round);
      if (!result) return "not_due";
      const outcome = await finish(round, result);
      if (outcome !== "moved") return outcome;
    }
    return "not_due";
  }

  function tellMove(round: DailyRound, plies: ReturnType<typeof playDailyMove> & { ok: true }, now: number) {
    for (const p of plies.plies) {
      notify.toGame(round.id, ids(round), "dailyMoved", dailyMovedJson(round.id, p, plies.clock, now));
    }
    if (plies.end) return;
    const mover = plies.plies[0]?.by as Color;
    const answered = plies.plies.length > 1;
    const told = moveNotice({ mover, answeredByConditional: answered, gameOver: false }) ?? mover;
    notify.toUser(round.players[told].userId, "dailyReminder", {
      kind: "yourTurn",
      gameId: round.id,
      opponent: round.players[other(told)].name,
      timeLeftMs: dailyTimeLeft(plies.clock, now),
    });
  }

  return {
    finishWith,

    /** The game as `viewer` sees it (a player, or anyone as a spectator). */
    async snapshot(gameId: string, viewer: number | null): Promise<DailyGame | undefined> {
      const round = await loadRound(repo, gameId);
      if (!round) return undefined;
      const now = deps.now();
      const color = viewer === null ? null : (colorOfUser(round, viewer) ?? null);
      return dailyGameJson(round, color, vacationsOf(round, now), now);
    },

    /**
     * A move: refused as a value (not a player, not their turn, paused for the opponent's vacation, out of
     * time, illegal, another move stored first), else stored with any conditional answer, told, and the
     * game ended when the position ends it. A move of the player's ends their vacation.
     */
    async move(user: DailyUser, p: DailyMovePayload): Promise<Result<{ ply: number }>> {
      const found = await playerRound(user, p.gameId);
      if (!found.ok) return found;
      const { round, color } = found;
      const now = deps.now();
      const gate = moveInGame(round.clock, turnOf(round) === color);
      if (typeof gate !== "string") return gate;
      const onVacation = (c: Color) => c !== color && onVacationAt(round.ledgers[c], now);
      const decided = playDailyMove(round, color, p.move, p.ply, now, onVacation);
      if (!decided.ok) return decided;
      if ((round.ledgers[color]?.since ?? null) !== null) await vacations.endBeforeMove(user.userId, now);
      const stored = await repo.storeMove({
        gameId: round.id,
        epoch: round.epoch,
        fromPly: decided.fromPly,
        plies: decided.plies,
        at: now,
        clock: decided.clock,
        alarmAt: decided.alarmAt,
        conditionals: decided.conditionals,
      });
      if (!stored) return MOVED_ON;
      advance(round, decided);
      tellMove(round, decided, now);
      if (decided.end) {
        // Stored with its deadline at `now`: if this end is not written, the sweeper writes it.
        await finish(round, decided.end).catch((err: unknown) =>
          logger.warn({ err, gameId: round.id }, "daily game end not saved; the sweeper will"),
        );
      }
      return { ok: true, data: { ply: round.ply } };
    },

    async resign(user: DailyUser, gameId: string): Promise<Result> {
      const found = await playerRound(user, gameId);
      if (!found.ok) return found;
      const outcome = await finishWith(gameId, (round) => resignation(round, found.color));
      return outcome === "finished" ? ok() : fail("over", "This game is over");
    },

    /** Offers a draw, or accepts the opponent's. */
    async offerDraw(user: DailyUser, gameId: string): Promise<Result> {
      const found = await playerRound(user, gameId);
      if (!found.ok) return found;
      const { round, color } = found;
      if (round.drawOfferBy === other(color)) {
        const outcome = await finishWith(gameId, (r) => (r.drawOfferBy === other(color) ? DRAW_AGREED : undefined));
        return outcome === "finished" ? ok() : MOVED_ON;
      }
      if (round.drawOfferBy === color) return fail("pending", "Your draw offer is waiting for an answer");
      if (!(await repo.setDrawOffer(gameId, round.ply, color))) return MOVED_ON;
      notify.toUser(round.players[other(color)].userId, "dailyDrawOffered", { gameId, by: user.username });
      return ok();
    },

    async declineDraw(user: DailyUser, gameId: string): Promise<Result> {
      const found = await playerRound(user, gameId);
      if (!found.ok) return found;
      const { round, color } = found;
      if (round.drawOfferBy !== other(color)) return fail("no_offer", "There is no draw offer to answer");
      if (!(await repo.setDrawOffer(gameId, round.ply, null))) return MOVED_ON;
      notify.toGame(gameId, ids(round), "dailyDrawDeclined", { gameId });
      return ok();
    },

    /** Replaces the caller's conditional lines, checked from the position (their opponent to move). */
    async setConditionals(user: DailyUser, gameId: string, lines: string[][]): Promise<Result<{ lines: string[][] }>> {
      const found = await playerRound(user, gameId);
      if (!found.ok) return found;
      const { round, color } = found;
      const checked = validateConditionals(
        { fen: round.board.fen(), chess960: isChess960Fen(round.initialFen) },
        color,
        lines,
      );
      if (!checked.ok) return checked;
      if (!(await repo.setConditionals(gameId, round.ply, color, checked.lines))) return MOVED_ON;
      return { ok: true, data: { lines: checked.lines } };
    },

    /** The caller's daily games in progress, their turn first. */
    async gamesOf(userId: number): Promise<DailyGames> {
      const now = deps.now();
      const rows = await repo.gamesOf(userId);
      const opponents = rows.map((r) => (r.whiteUserId === userId ? r.blackUserId : r.whiteUserId));
      const ledgers = await repo.ledgers(opponents.filter((id): id is number => id !== null));
      const away = new Set([...ledgers.entries()].filter(([, l]) => onVacationAt(l, now)).map(([id]) => id));
      return dailyGamesJson(rows, userId, away, now);
    },

    /** The sweeper: ends a game found overdue (on time, or by a position whose end was not yet written). */
    endIfDue: (gameId: string, now: number) => finishWith(gameId, (round) => dueEnd(round, now)),

    /** A closed account resigns its daily games (lichess resigns a closed account's games). */
    async accountClosed(userId: number): Promise<void> {
      for (const row of await repo.gamesOf(userId)) {
        const color: Color = row.whiteUserId === userId ? "w" : "b";
        await finishWith(row.gameId, (round) => resignation(round, color));
      }
    },
  };
}

export type DailyService = ReturnType<typeof createDailyService>;
