import { FREE_BOARD_RANDOM } from "@chess/shared";
import { useEffect, useId, useReducer, useRef } from "react";
import { Button } from "../../components/Button.tsx";
import { FlipIcon } from "../../components/FlipIcon.tsx";
import { api, withQuery } from "../../lib/api.ts";
import { Board } from "../board/index.ts";
import { PlayComputerButton } from "../computer/index.ts";
import {
  formatEval,
  freeBoardFen,
  freeBoardReducer,
  initialFreeBoard,
  positionInfoText,
  randomPositionParams,
} from "./freeBoardStore.ts";
import { ColorIcon } from "./OfferCard.tsx";
import { RangeSlider } from "./RangeSlider.tsx";
import "./FreeBoard.css";

/** GET /game/shuffle-board: a Chess960 start. */
export const SHUFFLE_PATH = "/game/shuffle-board";
/** GET /game/random-position with the eval and move limits. */
export const RANDOM_POSITION_PATH = "/game/random-position";

/**
 * The lobby's scratch board: drag pieces anywhere, flip it, set it back, shuffle the back rank (Chess960),
 * or load a random position in chosen eval and move ranges. Failed calls are only logged (SPEC §8).
 */
export function FreeBoard() {
  const [state, dispatch] = useReducer(freeBoardReducer, initialFreeBoard);
  const ids = useId();
  const pending = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => pending.current?.abort(), []);

  async function load(kind: "shuffle" | "randomize") {
    if (state.busy) return;
    const controller = new AbortController();
    pending.current = controller;
    dispatch({ type: "fetchStarted", kind });
    const path = kind === "shuffle" ? SHUFFLE_PATH : withQuery(RANDOM_POSITION_PATH, randomPositionParams(state));
    try {
      const answer = await api.get<{ fen?: unknown; eval?: unknown }>(path, controller.signal);
      if (controller.signal.aborted) return;
      if (typeof answer?.fen !== "string") throw new Error(`${path} answered without a fen`);
      dispatch({
        type: "fetched",
        fen: answer.fen,
        ...(kind === "randomize" && typeof answer.eval === "number" ? { eval: answer.eval } : {}),
        ...(kind === "shuffle" ? { chess960: true } : {}),
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error(kind === "shuffle" ? "Shuffle board failed:" : "Random position failed:", error);
      dispatch({ type: "fetchFailed" });
    } finally {
      if (pending.current === controller) pending.current = undefined;
    }
  }

  function reset() {
    // Reset wins over a position still on its way.
    pending.current?.abort();
    pending.current = undefined;
    dispatch({ type: "reset" });
  }

  const busy = state.busy !== undefined;
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
      <p className="free-board__info" role="status" data-testid="free-board-info">
        {state.info ? (
          <>
            <ColorIcon color={state.info.turn === "w" ? "white" : "black"} size={18} />
            {positionInfoText(state.info)}
          </>
        ) : null}
      </p>
      <div className="free-board__controls">
        <Button onClick={() => dispatch({ type: "flip" })}>
          <FlipIcon />
          Flip board
        </Button>
        <Button onClick={() => void load("shuffle")} disabled={busy} busy={state.busy === "shuffle"}>
          <ShuffleIcon />
          Shuffle
        </Button>
        <Button variant="ghost" onClick={reset}>
          Reset
        </Button>
      </div>
      <fieldset className="free-board__random" aria-labelledby={`${ids}-random`}>
        <h3 id={`${ids}-random`} className="free-board__random-title">
          Random position
        </h3>
        <RangeSlider
          id={`${ids}-eval`}
          label="Evaluation for White"
          value={state.randomEval}
          bounds={FREE_BOARD_RANDOM.eval}
          format={formatEval}
          separator=" to "
          disabled={busy}
          onChange={(end, value) => dispatch({ type: "setRandomRange", range: "eval", end, value })}
        />
        <RangeSlider
          id={`${ids}-moves`}
          label="Move number"
          value={state.randomMoves}
          bounds={FREE_BOARD_RANDOM.moves}
          separator=" to "
          disabled={busy}
          onChange={(end, value) => dispatch({ type: "setRandomRange", range: "moves", end, value })}
        />
        <p className="free-board__hint">Evaluation in pawns (+ favours White); the move number of the position.</p>
        <div className="free-board__random-actions">
          <Button
            variant="primary"
            onClick={() => void load("randomize")}
            disabled={busy}
            busy={state.busy === "randomize"}
          >
            Randomize
          </Button>
          {state.busy === "randomize" ? (
            <span className="free-board__status" role="status">
              <span className="free-board__spinner" aria-hidden="true" />
              Finding a position…
            </span>
          ) : null}
        </div>
      </fieldset>
      <div className="free-board__continue">
        <fieldset className="free-board__turn" aria-labelledby={`${ids}-turn`}>
          <span id={`${ids}-turn`} className="free-board__turn-label">
            Side to move
          </span>
          {(["w", "b"] as const).map((turn) => (
            <button
              key={turn}
              type="button"
              className="free-board__turn-choice"
              aria-pressed={state.turn === turn}
              onClick={() => dispatch({ type: "setTurn", turn })}
            >
              <ColorIcon color={turn === "w" ? "white" : "black"} size={16} />
              {turn === "w" ? "White" : "Black"}
            </button>
          ))}
        </fieldset>
        <PlayComputerButton label="Continue from here against the computer" fen={() => freeBoardFen(state)} />
      </div>
    </div>
  );
}

function ShuffleIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M3 7h3.5c2 0 3.2 1 4.3 2.7l2.4 4.6C14.3 16 15.5 17 17.5 17H21m0 0l-3-3m3 3l-3 3M3 17h3.5c1.3 0 2.3-.4 3.1-1.2M21 7h-3.5c-1.3 0-2.3.4-3.1 1.2M21 7l-3-3m3 3l-3 3"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
