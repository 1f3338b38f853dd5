import { type Orientation, type PositionMap, parsePosition, type Square } from "./boardPosition.ts";

/** The lobby's free board: pieces move anywhere, no rules (it is a scratch pad, not a game). */
export interface FreeBoardState {
  position: PositionMap;
  orientation: Orientation;
}

export type FreeBoardAction =
  | { type: "flip" }
  /** A drag from `from` to `to`; `to` is null when the piece was dropped off the board. */
  | { type: "move"; from: Square; to: Square | null }
  | { type: "reset" }
  | { type: "setPosition"; position: PositionMap };

export const initialFreeBoard: FreeBoardState = { position: parsePosition("start"), orientation: "white" };

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
      return { ...state, position };
    }
    case "reset":
      return { ...state, position: initialFreeBoard.position };
    case "setPosition":
      return { ...state, position: action.position };
  }
}
