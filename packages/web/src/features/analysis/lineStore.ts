import type { PlayedMove } from "../board/index.ts";

/**
 * What the analysis board shows (SPEC §4): a ply of the game, or the player's own variation from one.
 * Stepping uses the stored moves; while a variation is on the board, forward stepping is blocked until it
 * is taken back. Pure.
 */
export interface LineState {
  /** The game's moves in SAN. */
  line: readonly string[];
  /** Plies of the game shown (0: the start); while in a variation, the ply it branches from. */
  ply: number;
  /** Moves played on the board from `ply`, oldest first. */
  variation: PlayedMove[];
  /**
   * The rest of an engine line being shown (its next move first): Next steps along it, Previous steps back
   * into it. Absent for the player's own variation, where Next is blocked (SPEC §4).
   */
  ahead?: PlayedMove[];
}

export type LineEvent =
  /** Previous (-1) or Next (+1). Previous takes back the last variation move first. */
  | { type: "step"; delta: -1 | 1 }
  /** Show the position after `ply` moves of the game (a click in the move list or the chart). */
  | { type: "goto"; ply: number }
  | { type: "first" }
  | { type: "last" }
  /** A legal move dropped on the board: the game's own next move steps along the game, any other starts or extends a variation. */
  | { type: "play"; move: PlayedMove }
  /** Drops the whole variation: the board shows the ply it branched from. */
  | { type: "backToGame" }
  /** Shows an engine line from game ply `ply`: its first move on the board, the rest a step away. */
  | { type: "showLine"; ply: number; moves: PlayedMove[] }
  /** Shows an engine line from the position on the board, the same way. */
  | { type: "playLine"; moves: PlayedMove[] };

/** The game shown at its last position (where the player comes from). */
export function initialLine(line: readonly string[], ply = line.length): LineState {
  return { line, ply: clamp(ply, line.length), variation: [] };
}

const clamp = (ply: number, length: number) => Math.max(0, Math.min(length, Math.trunc(ply)));

export function lineReducer(state: LineState, event: LineEvent): LineState {
  const inVariation = state.variation.length > 0;
  switch (event.type) {
    case "step":
      if (event.delta < 0) {
        if (inVariation) {
          const variation = state.variation.slice(0, -1);
          const taken = state.variation.at(-1) as PlayedMove;
          if (variation.length === 0) return { line: state.line, ply: state.ply, variation };
          return state.ahead ? { ...state, variation, ahead: [taken, ...state.ahead] } : { ...state, variation };
        }
        return state.ply > 0 ? { ...state, ply: state.ply - 1 } : state;
      }
      if (inVariation) {
        const [next, ...rest] = state.ahead ?? [];
        return next ? { ...state, variation: [...state.variation, next], ahead: rest } : state;
      }
      if (state.ply >= state.line.length) return state;
      return { ...state, ply: state.ply + 1 };
    case "goto": {
      const ply = clamp(event.ply, state.line.length);
      return ply === state.ply && !inVariation ? state : { line: state.line, ply, variation: [] };
    }
    case "first":
      return state.ply === 0 && !inVariation ? state : { line: state.line, ply: 0, variation: [] };
    case "last":
      if (inVariation || state.ply === state.line.length) return state;
      return { ...state, ply: state.line.length };
    case "play": {
      if (!inVariation && state.line[state.ply] === event.move.san) return { ...state, ply: state.ply + 1 };
      const [next, ...rest] = state.ahead ?? [];
      // The engine line's own next move keeps following it; any other move makes the line the player's own.
      if (next && inVariation && next.san === event.move.san) {
        return { ...state, variation: [...state.variation, next], ahead: rest };
      }
      return { line: state.line, ply: state.ply, variation: [...state.variation, event.move] };
    }
    case "backToGame":
      return inVariation ? { line: state.line, ply: state.ply, variation: [] } : state;
    case "showLine": {
      const [first, ...rest] = event.moves;
      if (!first) return state;
      return { line: state.line, ply: clamp(event.ply, state.line.length), variation: [first], ahead: rest };
    }
    case "playLine": {
      const [first, ...rest] = event.moves;
      if (!first) return state;
      return { line: state.line, ply: state.ply, variation: [...state.variation, first], ahead: rest };
    }
  }
}

/** Whether the player's own variation is on the board. */
export const inVariation = (state: LineState): boolean => state.variation.length > 0;

/** Whether Next would move (End only outside a variation). */
export const canStepForward = (state: LineState): boolean =>
  inVariation(state) ? (state.ahead?.length ?? 0) > 0 : state.ply < state.line.length;

/** Whether Previous would move. */
export const canStepBack = (state: LineState): boolean => inVariation(state) || state.ply > 0;

/** The moves from the game's start to the shown position: game moves up to the branch, then the variation. */
export function movesToShown(state: LineState): string[] {
  return [...state.line.slice(0, state.ply), ...state.variation.map((m) => m.san)];
}

/** The position shown, given the game's positions (`fens[i]` after move i). */
export function shownFen(state: LineState, fens: readonly string[]): string {
  return state.variation.at(-1)?.fen ?? fens[state.ply] ?? fens[0] ?? "";
}

/** The move that led to the shown position, if any. */
export function shownLastMove(state: LineState, plies: readonly PlayedMove[]): PlayedMove | undefined {
  return state.variation.at(-1) ?? (state.ply > 0 ? plies[state.ply - 1] : undefined);
}
