import {
  Board,
  chess960GameFen,
  type DaysPerMove,
  eloDeltas,
  fail,
  GAME_STAGES,
  HANDICAPS,
  moveAllowanceMs,
  NO_ELO_CHANGE,
  newDailyClock,
  START_FEN,
  type Variant,
} from "@chess/shared";
import { hasErrorCode, UNIQUE_VIOLATION } from "../../storage/unavailable.ts";
import { shortId } from "../../util/ids.ts";
import type { Result } from "../../util/result.ts";
import type { GameRecords } from "../games/index.ts";
import type { JumpstartPositions } from "../jumpstart/index.ts";
import type { DailyNotifier } from "./dailyNotifier.ts";
import { alarmAt } from "./dailyReminders.ts";
import type { DailyRepo } from "./dailyRepo.ts";
import { storedClock } from "./dailyRound.ts";
import { dailySessionId, onVacationAt } from "./dailyRounds.ts";
import type { DailyService } from "./dailyService.ts";

/** The jumpstart position of a daily game: the pooled "early game, almost even" preset. */
const DAILY_JUMPSTART = {
  lower_move_limit: GAME_STAGES.early.moves.min,
  upper_move_limit: GAME_STAGES.early.moves.max,
  lower_eval_limit: HANDICAPS.almostEven.eval.min,
  upper_eval_limit: HANDICAPS.almostEven.eval.max,
};

export interface DailyPlayer {
  userId: number;
  name: string;
}

/** A game's start position and, for a dealt jumpstart position, its evaluation (pawns, White's view). */
export interface DealtStart {
  fen: string;
  eval?: number;
}

/** A daily game to start between two accounts. */
export interface DailyPairing {
  white: DailyPlayer;
  black: DailyPlayer;
  days: DaysPerMove;
  variant: Variant;
  rated: boolean;
  rematchOf?: string | null;
  /** A caller that may start the same game twice (a club match resumed) names it: the second start is refused. */
  gameId?: string;
  /** A start position chosen by the caller (both games of a club match's board share one). */
  start?: DealtStart;
  /** A club match game: never aborted; a side that never moves (or resigns first) loses it (chess.com). */
  noShowLoses?: boolean;
}

/**
 * Starts daily games: the games row and the daily state in one transaction (with the offer it answers, which
 * it takes: an offer starts one game at most), then each player is sent the game.
 */
export function createDailyStarts(deps: {
  repo: DailyRepo;
  notify: DailyNotifier;
  games: Pick<DailyService, "snapshot">;
  ratings: Pick<GameRecords, "rating">;
  positions: JumpstartPositions;
  now: () => number;
}) {
  const { repo, notify } = deps;

  async function position(variant: Variant): Promise<DealtStart> {
    if (variant === "fun") return { fen: chess960GameFen() };
    if (variant === "jumpstart") return deps.positions.position(DAILY_JUMPSTART);
    return { fen: START_FEN };
  }

  return {
    /** A start position for `variant`, or why none could be prepared. */
    async startPosition(variant: Variant): Promise<Result<DealtStart>> {
      try {
        const dealt = await position(variant);
        return { ok: true, data: { ...dealt, fen: Board.fromFen(dealt.fen).fen() } };
      } catch {
        return fail("no_position", "A start position could not be prepared - please try again");
      }
    },

    /**
     * Starts `p`'s game, taking `offerId` with it. Refused with "gone" when the offer was taken meanwhile, and
     * "exists" when a game of `p.gameId` was started already.
     */
    async start(p: DailyPairing, offerId: string | null = null): Promise<Result<{ gameId: string }>> {
      let dealt = p.start;
      if (dealt === undefined) {
        const prepared = await this.startPosition(p.variant);
        if (!prepared.ok) return prepared;
        dealt = prepared.data as DealtStart;
      }
      const initialFen = dealt.fen;
      const { white, black, days, variant } = p;
      const [wr, br] = p.rated
        ? await Promise.all([
            deps.ratings.rating(white.userId, variant, "daily"),
            deps.ratings.rating(black.userId, variant, "daily"),
          ])
        : [null, null];
      const now = deps.now();
      const board = Board.fromFen(initialFen);
      const mover = board.turn() === "w" ? white : black;
      const ledgers = await repo.ledgers([mover.userId]);
      const clock = newDailyClock(days, now, onVacationAt(ledgers.get(mover.userId), now));
      const gameId = p.gameId ?? shortId();
      let started: boolean;
      try {
        started = await repo.start(
          {
            game: {
              id: gameId,
              variant,
              timeClass: "daily",
              baseMs: moveAllowanceMs(days),
              incrementMs: 0,
              initialFen,
              startEval: dealt.eval ?? null,
              whiteUserId: white.userId,
              blackUserId: black.userId,
              whiteSessionId: dailySessionId(white.userId),
              blackSessionId: dailySessionId(black.userId),
              whiteName: white.name,
              blackName: black.name,
              rated: p.rated,
              whiteElo: wr?.elo ?? null,
              blackElo: br?.elo ?? null,
              whiteDeltas: wr && br ? eloDeltas(wr.elo, br.elo, wr.games) : NO_ELO_CHANGE,
              blackDeltas: wr && br ? eloDeltas(br.elo, wr.elo, br.games) : NO_ELO_CHANGE,
              status: "active",
              fen: initialFen,
              clock: storedClock(days, board.turn()),
              rematchOf: p.rematchOf ?? null,
              createdAt: new Date(now),
            },
            daily: {
              gameId,
              days,
              deadline: clock.deadline,
              pausedLeftMs: clock.pausedLeftMs,
              alarmAt: alarmAt(clock),
              noShowLoses: p.noShowLoses ?? false,
            },
          },
          offerId,
        );
      } catch (error) {
        if (p.gameId !== undefined && hasErrorCode(error, UNIQUE_VIOLATION)) {
          return fail("exists", "This game was started already");
        }
        throw error;
      }
      if (!started) return fail("gone", "This offer is no longer available");
      for (const player of [white, black]) {
        const view = await deps.games.snapshot(gameId, player.userId);
        if (view) notify.toUser(player.userId, "dailyGame", view);
      }
      return { ok: true, data: { gameId } };
    },
  };
}

export type DailyStarts = ReturnType<typeof createDailyStarts>;
