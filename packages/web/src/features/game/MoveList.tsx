import { useEffect, useRef } from "react";
import type { MoveRow } from "./moveTable.ts";
import "./MoveList.css";

export interface MoveListProps {
  rows: MoveRow[];
  /** The ply shown on the board; its move is highlighted. */
  currentPly: number;
  /** A click on a move shows the position after it. */
  onSelect: (ply: number) => void;
}

/** The turn-by-turn table of moves (SPEC §2): "1. e4 e5", with the shown move highlighted. */
export function MoveList({ rows, currentPly, onSelect }: MoveListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = rows.length;
  // Keeps the highlighted move in view inside the list (never scrolling the page itself).
  useEffect(() => {
    const box = scrollRef.current;
    if (!box || count === 0) return;
    const current = box.querySelector<HTMLElement>("[aria-current='true']");
    // Stepping with the arrow keys while a move has the focus takes the focus along.
    if (current && box.contains(document.activeElement) && document.activeElement !== current) {
      current.focus({ preventScroll: true });
    }
    if (!current) {
      if (currentPly > 0) box.scrollTop = box.scrollHeight;
      return;
    }
    const top = current.getBoundingClientRect().top - box.getBoundingClientRect().top;
    if (top < 0 || top + current.offsetHeight > box.clientHeight) {
      box.scrollTop += top - (box.clientHeight - current.offsetHeight) / 2;
    }
  }, [currentPly, count]);

  // One tab stop for the whole list (the move shown, else the last one); arrows step from there.
  const lastPly = rows.at(-1)?.black?.ply ?? rows.at(-1)?.white?.ply ?? 0;
  const tabStop = currentPly > 0 && currentPly <= lastPly ? currentPly : lastPly;
  const cell = (move: MoveRow["white"]) =>
    move ? (
      <button
        type="button"
        className="move-list__move"
        tabIndex={move.ply === tabStop ? 0 : -1}
        aria-current={move.ply === currentPly ? "true" : undefined}
        onClick={() => onSelect(move.ply)}
      >
        {move.san}
      </button>
    ) : (
      <span className="move-list__empty">…</span>
    );

  return (
    <div className="move-list" ref={scrollRef}>
      {rows.length === 0 ? (
        <p className="move-list__none">No moves yet</p>
      ) : (
        <table className="move-list__table">
          <caption className="visually-hidden">Moves</caption>
          <thead className="visually-hidden">
            <tr>
              <th scope="col">Move</th>
              <th scope="col">White</th>
              <th scope="col">Black</th>
            </tr>
          </thead>
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
    </div>
  );
}
