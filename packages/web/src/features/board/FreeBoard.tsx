import { useReducer } from "react";
import { Button } from "../../components/Button.tsx";
import { Board } from "./Board.tsx";
import { freeBoardReducer, initialFreeBoard } from "./freeBoardStore.ts";
import "./FreeBoard.css";

/** The lobby's scratch board: drag pieces anywhere, flip it, set it back. */
export function FreeBoard() {
  const [state, dispatch] = useReducer(freeBoardReducer, initialFreeBoard);
  return (
    <div className="free-board">
      <Board
        id="free-board"
        label="Free board"
        position={state.position}
        orientation={state.orientation}
        onMove={({ from, to }) => {
          dispatch({ type: "move", from, to });
          return to !== null;
        }}
      />
      <div className="free-board__controls">
        <Button onClick={() => dispatch({ type: "flip" })}>
          <FlipIcon />
          Flip board
        </Button>
        <Button variant="ghost" onClick={() => dispatch({ type: "reset" })}>
          Reset
        </Button>
      </div>
    </div>
  );
}

function FlipIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M7 4v13m0 0l-3-3m3 3l3-3M17 20V7m0 0l-3 3m3-3l3 3"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
