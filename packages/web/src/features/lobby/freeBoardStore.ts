import { chess960Castling, FREE_BOARD_RANDOM, type Range } from "@chess/shared";
import { makePlacement, type Orientation, type PositionMap, parsePosition, type Square } from "../board/index.ts";
import { moveRangeEnd } from "./range.ts";

/** The lobby's free board: pieces move anywhere, no rules (it is a scratch pad, not a game). */
export interface FreeBoardState {
  position: PositionMap;
  orientation: Orientation;
  /** The side to move when play continues from the board: a fetched position's, or the player's choice. */
  turn: "w" | "b";
  /** Randomize's sliders (SPEC §9): eval in pawns from White's side, moves as the move number. */
  randomEval: Range;
  randomMoves: Range;
  /** A shuffle or random position is being fetched: the buttons wait. */
  busy: "shuffle" | "randomize" | undefined;
  /** What is known of the position shown: who moves, and the engine's eval of a random one; null once edited. */
  info: PositionInfo | null;
  /**
   * The castling rights of a dealt Chess960 setup in Shredder-FEN ("HBhb"), kept while its king and rooks stay
   * home; null for any other position (every standard right, KQkq).
   */
  castling: string | null;
}

export interface PositionInfo {
  /** The side to move, from the FEN. */
  turn: "w" | "b";
  /** The FEN's move number, e.g. 23. */
  moveNumber: number;
  /** Pawns from White's side, e.g. -1.4, for a random position. */
  eval?: number;
}

/** What a FEN says about the side to move and the move number (defaults when the fields are missing). */
export function positionInfo(fen: string, evaluation?: number): PositionInfo {
  const [, turn, , , , move] = fen.trim().split(/\s+/);
  const moveNumber = Number(move);
  return {
    turn: turn === "b" ? "b" : "w",
    moveNumber: Number.isInteger(moveNumber) && moveNumber > 0 ? moveNumber : 1,
    ...(typeof evaluation === "number" && Number.isFinite(evaluation) ? { eval: evaluation } : {}),
  };
}

/** "+1.5", "0.0", "−2.5" (a true minus sign), to one decimal: rounded before the sign is chosen, so −0.04 reads "0.0". */
export function formatEval(v: number): string {
  const r = Math.round(v * 10) / 10;
  return r > 0 ? `+${r.toFixed(1)}` : r < 0 ? `\u2212${Math.abs(r).toFixed(1)}` : "0.0";
}

/** "White to move · move 23 · eval +1.4 (White is better)", or "Black to move · move 1". */
export function positionInfoText(info: PositionInfo): string {
  const side = `${info.turn === "w" ? "White" : "Black"} to move · move ${info.moveNumber}`;
  if (info.eval === undefined) return side;
  const e = Math.round(info.eval * 10) / 10;
  const who = Math.abs(e) < 0.3 ? "about equal" : `${e > 0 ? "White" : "Black"} is better`;
  return `${side} · eval ${formatEval(e)} (${who})`;
}

/**
 * The board as a FEN to play on from: the side to move, and the move number when known (1 otherwise);
 * a dealt Chess960 setup's own castling rights (rook files, which the server reads as Chess960), else every
 * standard right, of which the server keeps those whose king and rook are at home; no en passant.
 */
export function freeBoardFen(state: Pick<FreeBoardState, "position" | "turn" | "info" | "castling">): string {
  const castling = state.castling === null ? "KQkq" : state.castling || "-";
  return `${makePlacement(state.position)} ${state.turn} ${castling} - 0 ${state.info?.moveNumber ?? 1}`;
}

/**
 * A dealt Chess960 setup's rights after a piece went from `from` to `to`: a king that moves loses its side's
 * rights, a rook that leaves its home (or is taken there) its own.
 */
function keptCastling(rights: string, position: PositionMap, from: Square, to: Square): string {
  const piece = position[from];
  return [...rights]
    .filter((letter) => {
      const white = letter === letter.toUpperCase();
      if (piece === (white ? "wK" : "bK")) return false;
      const home = `${letter.toLowerCase()}${white ? 1 : 8}`;
      return home !== from && home !== to;
    })
    .join("");
}

export type FreeBoardAction =
  | { type: "flip" }
  /** A drag from `from` to `to`; `to` is null when the piece was dropped off the board. */
  | { type: "move"; from: Square; to: Square | null }
  | { type: "reset" }
  /** The player chose who moves next. */
  | { type: "setTurn"; turn: "w" | "b" }
  | { type: "setPosition"; position: PositionMap }
  /** One end of a Randomize slider moved. */
  | { type: "setRandomRange"; range: "eval" | "moves"; end: "min" | "max"; value: number }
  | { type: "fetchStarted"; kind: "shuffle" | "randomize" }
  /**
   * A fetched position (FEN) arrived, with the engine's eval (pawns, White's side) for a random one;
   * `chess960` for a shuffled setup, which gets its castling rights (the server's FEN has none).
   */
  | { type: "fetched"; fen: string; eval?: number; chess960?: boolean }
  /** The fetch failed (SPEC §8: only logged, nothing changes) or was abandoned. */
  | { type: "fetchFailed" };

export const initialFreeBoard: FreeBoardState = {
  position: parsePosition("start"),
  orientation: "white",
  turn: "w",
  // The widest ranges: any position the server finds quickly.
  randomEval: { min: FREE_BOARD_RANDOM.eval.min, max: FREE_BOARD_RANDOM.eval.max },
  randomMoves: { min: FREE_BOARD_RANDOM.moves.min, max: FREE_BOARD_RANDOM.moves.max },
  busy: undefined,
  info: null,
  castling: null,
};

/** GET /game/random-position's query for the sliders. */
export function randomPositionParams(state: FreeBoardState) {
  return {
    lower_eval_limit: state.randomEval.min,
    upper_eval_limit: state.randomEval.max,
    lower_move_limit: state.randomMoves.min,
    upper_move_limit: state.randomMoves.max,
  };
}

export function freeBoardReducer(state: FreeBoardState, action: FreeBoardAction): FreeBoardState {
  switch (action.type) {
    case "flip":
      return { ...state, orientation: state.orientation === "white" ? "black" : "white" };
    case "move": {
      const piece = state.position[action.from];
      // Off the board, onto itself, or from an empty square: the piece snaps back.
      if (!piece || action.to === null || action.to === action.from) return state;
      const position = { ...state.position, [action.to]: piece };
      delete position[action.from];
      const castling = state.castling && keptCastling(state.castling, state.position, action.from, action.to);
      return { ...state, position, info: null, castling };
    }
    case "reset":
      // Reset also wins over a position still on its way (the caller abandons that request).
      return { ...state, position: initialFreeBoard.position, turn: "w", busy: undefined, info: null, castling: null };
    case "setTurn":
      // The eval shown was for the other side to move: it goes, the move number stays.
      if (action.turn === state.turn) return state;
      return {
        ...state,
        turn: action.turn,
        info: state.info && { turn: action.turn, moveNumber: state.info.moveNumber },
      };
    case "setPosition":
      return { ...state, position: action.position, info: null, castling: null };
    case "setRandomRange":
      return action.range === "eval"
        ? { ...state, randomEval: moveRangeEnd(state.randomEval, action.end, action.value, FREE_BOARD_RANDOM.eval) }
        : { ...state, randomMoves: moveRangeEnd(state.randomMoves, action.end, action.value, FREE_BOARD_RANDOM.moves) };
    case "fetchStarted":
      return { ...state, busy: action.kind };
    case "fetched": {
      const position = parsePosition(action.fen);
      // A position the board cannot read changes nothing, like a failed call.
      if (Object.keys(position).length === 0) return { ...state, busy: undefined };
      const castling = action.chess960 ? chess960Castling(action.fen) : null;
      const info = positionInfo(action.fen, action.eval);
      return { ...state, position, turn: info.turn, busy: undefined, info, castling };
    }
    case "fetchFailed":
      return { ...state, busy: undefined };
  }
}
