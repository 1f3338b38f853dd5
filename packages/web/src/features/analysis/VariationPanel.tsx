import { type Dispatch, useEffect, useRef } from "react";
import { Button } from "../../components/Button.tsx";
import { canDelete, canPromote, fenAt, nodeOf, numberedLine } from "../board/index.ts";
import { branchPoint, type TreeEvent, type TreeState, variationOf } from "./treeStore.ts";

/**
 * The variation on the board, under the moves: its line from where it leaves the game, and what can be done
 * with it — back to the game, promoted where it branches, deleted from the move shown on.
 */
export function VariationPanel({ state, dispatch }: { state: TreeState; dispatch: Dispatch<TreeEvent> }) {
  const variation = variationOf(state);
  if (variation.length === 0) return <p className="analysis__hint">Drag a piece to try your own moves.</p>;
  // An engine line shown from here, or stepped into: its moves may start with one the player had tried.
  const node = nodeOf(state.tree, state.current);
  const engine = node?.engine === true || node?.children[0]?.engine === true;
  const from = fenAt(state.tree, branchPoint(state));
  return (
    <div className="analysis-variation" data-testid="variation">
      <p>
        <span className="analysis-variation__label">{engine ? "Engine line: " : "Your variation: "}</span>
        {numberedLine(
          from,
          variation.map((n) => n.move.san),
        )}
      </p>
      <div className="analysis-variation__buttons">
        <Button onClick={() => dispatch({ type: "backToGame" })}>Back to game</Button>
        <Button
          variant="ghost"
          onClick={() => dispatch({ type: "promote", id: state.current })}
          disabled={!canPromote(state.tree, state.current)}
        >
          Promote variation
        </Button>
        <Button
          variant="ghost"
          onClick={() => dispatch({ type: "delete", id: state.current })}
          disabled={!canDelete(state.tree, state.current)}
        >
          Delete from here
        </Button>
      </div>
    </div>
  );
}

/** The menu a right click on a move opens: promote its line, delete from it on. */
export function TreeMenu({
  id,
  x,
  y,
  state,
  dispatch,
  onClose,
}: {
  id: string;
  x: number;
  y: number;
  state: TreeState;
  dispatch: Dispatch<TreeEvent>;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>("button:not(:disabled)")?.focus();
    const away = (event: Event) => {
      if (!(event.target instanceof Node && ref.current?.contains(event.target))) onClose();
    };
    const key = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("pointerdown", away);
    document.addEventListener("keydown", key);
    return () => {
      document.removeEventListener("pointerdown", away);
      document.removeEventListener("keydown", key);
    };
  }, [onClose]);
  const act = (event: TreeEvent) => {
    dispatch(event);
    onClose();
  };
  const san = nodeOf(state.tree, id)?.move.san ?? "";
  return (
    <div
      ref={ref}
      className="tree-menu"
      role="menu"
      aria-label={`Move ${san}`}
      style={{ left: Math.min(x, window.innerWidth - 200), top: Math.min(y, window.innerHeight - 100) }}
    >
      <button
        type="button"
        role="menuitem"
        disabled={!canPromote(state.tree, id)}
        onClick={() => act({ type: "promote", id })}
      >
        Promote variation
      </button>
      <button
        type="button"
        role="menuitem"
        disabled={!canDelete(state.tree, id)}
        onClick={() => act({ type: "delete", id })}
      >
        Delete from here
      </button>
    </div>
  );
}
