import type { Color, DailyClockChanged, DailyGame, DailyMoved, DailyOver } from "@chess/shared";
import type { MoveEntryGame } from "../game/index.ts";

/**
 * One daily game as its page shows it: the server's view, kept true by the game's events. A move that does
 * not follow the last one known (one was missed) marks the state `stale`, and the page reads it again. Pure.
 */
export interface DailyGameState {
  game: DailyGame;
  /** Local clock time when `game.serverTime` was read: deadlines are shifted by the difference. */
  receivedAt: number;
  /** A move was missed: the game must be read again. */
  stale: boolean;
}

export type DailyGameEvent =
  | { type: "snapshot"; game: DailyGame; now: number }
  | { type: "moved"; moved: DailyMoved; now: number }
  | { type: "clock"; clock: DailyClockChanged; now: number }
  | { type: "over"; over: DailyOver }
  | { type: "drawOffered"; by: Color }
  | { type: "drawDeclined" }
  /** My conditional lines as the server saved them. */
  | { type: "conditionals"; lines: string[][] };

export const initialDailyGame = (game: DailyGame, now: number): DailyGameState => ({
  game,
  receivedAt: now,
  stale: false,
});

const other = (c: Color): Color => (c === "w" ? "b" : "w");

export function dailyGameReducer(state: DailyGameState, event: DailyGameEvent): DailyGameState {
  const { game } = state;
  switch (event.type) {
    case "snapshot":
      // A snapshot read before a move that already arrived is older than what is shown.
      if (event.game.ply < game.ply && !state.stale) return state;
      return initialDailyGame(event.game, event.now);
    case "moved": {
      const { moved } = event;
      if (moved.gameId !== game.gameId || moved.ply <= game.ply) return state;
      if (moved.ply !== game.ply + 1) return { ...state, stale: true };
      return {
        game: {
          ...game,
          fen: moved.fen,
          moves: [...game.moves, moved.move.san],
          lastMove: moved.uci,
          ply: moved.ply,
          currentTurn: moved.currentTurn,
          deadline: moved.deadline,
          pausedLeftMs: moved.pausedLeftMs,
          timeLeftMs: moved.deadline === null ? (moved.pausedLeftMs ?? 0) : moved.deadline - moved.serverTime,
          // A move declines a pending draw offer. On my turn my conditional lines are gone (none matched, or
          // the one that did answered); what is left after an answer is the server's to say: read again.
          drawOfferBy: null,
          serverTime: moved.serverTime,
          ...(game.conditionals && moved.currentTurn === game.color ? { conditionals: [] } : {}),
        },
        receivedAt: event.now,
        stale: moved.conditional && moved.currentTurn !== game.color && game.color !== null,
      };
    }
    case "clock": {
      const { clock } = event;
      if (clock.gameId !== game.gameId) return state;
      return {
        ...state,
        game: {
          ...game,
          deadline: clock.deadline,
          pausedLeftMs: clock.pausedLeftMs,
          onVacation: clock.onVacation,
          timeLeftMs:
            clock.deadline === null ? (clock.pausedLeftMs ?? game.timeLeftMs) : clock.deadline - clock.serverTime,
          serverTime: clock.serverTime,
        },
        receivedAt: event.now,
      };
    }
    case "over":
      if (event.over.gameId !== game.gameId) return state;
      return {
        ...state,
        game: {
          ...game,
          status: event.over.reason === "abort" ? "aborted" : "finished",
          winningColor: event.over.winningColor,
          reason: event.over.reason,
          fen: event.over.fen,
          deadline: null,
          drawOfferBy: null,
        },
      };
    case "drawOffered":
      return game.drawOfferBy === event.by ? state : { ...state, game: { ...game, drawOfferBy: event.by } };
    case "drawDeclined":
      return game.drawOfferBy === null ? state : { ...state, game: { ...game, drawOfferBy: null } };
    case "conditionals":
      return { ...state, game: { ...game, conditionals: event.lines } };
  }
}

/** The side to move's time left at local time `now` (ms, at least 0): frozen while paused or over. */
export function dailyTimeLeft(state: DailyGameState, now: number): number {
  const { game } = state;
  if (game.status !== "active") return 0;
  if (game.deadline === null) return game.pausedLeftMs ?? game.timeLeftMs;
  // A clock read before the state arrived (a render's `now`) counts no time back.
  return Math.max(0, game.deadline - game.serverTime - Math.max(0, now - state.receivedAt));
}

export const isMyTurn = (game: DailyGame) => game.status === "active" && game.color === game.currentTurn;

/** The opponent of the side to move is away: "opponent on vacation", the clock paused. */
export const opponentOnVacation = (game: DailyGame) => game.color !== null && game.onVacation[other(game.color)];

/**
 * The game as the typed-move field sees it: a daily game has no premoves, so a move typed on the opponent's
 * turn is refused; one typed while an earlier position is shown is for the game as it stands (with `pending`,
 * my move the server has not answered yet).
 */
export function dailyMoveEntry(
  game: DailyGame,
  pending: { fen: string } | null,
  viewPly: number | null,
): MoveEntryGame {
  const over = game.status !== "active" || game.color === null;
  return {
    fen: pending?.fen ?? game.fen,
    myColor: game.color,
    turn: over ? "over" : pending ? "sending" : isMyTurn(game) ? "move" : "theirs",
    plies: game.ply + (pending ? 1 : 0),
    viewPly,
    premove: null,
  };
}

export { other as otherColor };
