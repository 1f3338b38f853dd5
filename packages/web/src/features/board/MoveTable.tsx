import { type ReactNode, useEffect, useRef } from "react";
import { type MoveRow, moveTable } from "./moveTable.ts";
import "./MoveTable.css";

export interface MoveTableProps {
  /** The position the moves start from: it numbers them. */
  initialFen: string;
  sans: readonly string[];
  /** The ply shown on the board (0: the start); its move is highlighted. */
  currentPly: number;
  /** The shown ply is where a variation branches off: its move is marked, not current. */
  branched?: boolean;
  /** Drawn after a move's SAN, e.g. a quality mark: `annotate(ply)`. */
  annotate?: (ply: number) => ReactNode;
  /** A click on a move shows the position after it. */
  onSelect: (ply: number) => void;
  /** Said when there are no moves; "No moves yet" by default. */
  emptyText?: string;
  /** The game's end, written after the last move (lichess), e.g. "1-0 · Black resigned". */
  ending?: string | undefined;
}

/** The turn-by-turn table of moves (SPEC §2): "1. e4 e5", with the shown move highlighted. */
export function MoveTable({
  initialFen,
  sans,
  currentPly,
  branched = false,
  annotate,
  onSelect,
  emptyText = "No moves yet",
  ending,
}: MoveTableProps) {
  const rows = moveTable(initialFen, sans);
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = sans.length;
  // Keeps the shown move in view inside the list (never scrolling the page itself).
  useEffect(() => {
    const box = scrollRef.current;
    if (!box || count === 0) return;
    const current = box.querySelector<HTMLElement>(`[data-ply='${currentPly}']`);
    // Stepping with the arrow keys while a move has the focus takes the focus along.
    if (current && box.contains(document.activeElement) && document.activeElement !== current) {
      current.focus({ preventScroll: true });
    }
    if (!current || (ending && currentPly === count)) {
      if (currentPly > 0) box.scrollTop = box.scrollHeight;
      return;
    }
    const top = current.getBoundingClientRect().top - box.getBoundingClientRect().top;
    if (top < 0 || top + current.offsetHeight > box.clientHeight) {
      box.scrollTop += top - (box.clientHeight - current.offsetHeight) / 2;
    }
  }, [currentPly, count, ending]);

  // One tab stop for the whole list (the move shown, else the last one); arrows step from there.
  const tabStop = currentPly > 0 && currentPly <= count ? currentPly : count;
  const cell = (move: MoveRow["white"]) => {
    if (!move) return <span className="move-list__empty">…</span>;
    const shown = move.ply === currentPly;
    return (
      <button
        type="button"
        className={`move-list__move${shown && branched ? " move-list__move--branch" : ""}`}
        tabIndex={move.ply === tabStop ? 0 : -1}
        aria-current={shown && !branched ? "true" : undefined}
        data-ply={move.ply}
        onClick={() => onSelect(move.ply)}
      >
        {move.san}
        {annotate?.(move.ply)}
      </button>
    );
  };

  return (
    <div className="move-list" ref={scrollRef}>
      {rows.length === 0 ? (
        ending ? null : (
          <p className="move-list__none">{emptyText}</p>
        )
      ) : (
        <table className="move-list__table">
          <MoveTableHead />
          <tbody>
            {rows.map((row) => (
              <tr key={row.number}>
                <th scope="row" className="move-list__number">
                  {row.number}.
                </th>
                <td>{cell(row.white)}</td>
                <td>{row.black ? cell(row.black) : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {ending ? (
        <p className="move-list__ending" data-testid="move-list-ending">
          {ending}
        </p>
      ) : null}
    </div>
  );
}

/** The caption and column heads a screen reader reads of a move table (hidden on screen). */
export function MoveTableHead() {
  return (
    <>
      <caption className="visually-hidden">Moves</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">Move</th>
          <th scope="col">White</th>
          <th scope="col">Black</th>
        </tr>
      </thead>
    </>
  );
}
