import { MOVE_QUALITY_INFO, type MoveQuality } from "@chess/shared";
import { useEffect, useRef } from "react";
import { moveTable } from "../board/index.ts";
import "./AnalysisMoveList.css";

export interface AnalysisMoveListProps {
  initialFen: string;
  sans: readonly string[];
  /** The game ply on the board (the branch point while a variation is shown). */
  ply: number;
  inVariation: boolean;
  /** Mark of move i (index 0 unused), as the board shows it: lichess's three bad ones, or all six tiers. */
  qualities?: ReadonlyArray<MoveQuality | null>;
  onSelect: (ply: number) => void;
}

/** The game's moves as a turn-by-turn table (SPEC §2); a click jumps to a move, the shown one is highlighted. */
export function AnalysisMoveList({ initialFen, sans, ply, inVariation, qualities, onSelect }: AnalysisMoveListProps) {
  const rows = moveTable(initialFen, sans);
  const scrollRef = useRef<HTMLDivElement>(null);
  // Keeps the shown move in view inside the list (never scrolling the page itself).
  useEffect(() => {
    const box = scrollRef.current;
    const current = box?.querySelector<HTMLElement>(`[data-ply='${ply}']`);
    if (!box || !current) return;
    const top = current.getBoundingClientRect().top - box.getBoundingClientRect().top;
    if (top < 0 || top + current.offsetHeight > box.clientHeight) {
      box.scrollTop += top - (box.clientHeight - current.offsetHeight) / 2;
    }
  }, [ply]);

  const cell = (move: { san: string; ply: number } | undefined) => {
    if (!move) return <span className="analysis-moves__empty">…</span>;
    const annotated = qualities?.[move.ply] ?? undefined;
    const shown = move.ply === ply;
    return (
      <button
        type="button"
        className={`analysis-moves__move${shown && inVariation ? " analysis-moves__move--branch" : ""}`}
        aria-current={shown && !inVariation ? "true" : undefined}
        data-ply={move.ply}
        onClick={() => onSelect(move.ply)}
      >
        {move.san}
        {annotated ? (
          <>
            <span className={`analysis-moves__glyph analysis-moves__glyph--${annotated}`} aria-hidden="true">
              {MOVE_QUALITY_INFO[annotated].symbol}
            </span>
            <span className="visually-hidden"> ({MOVE_QUALITY_INFO[annotated].title})</span>
          </>
        ) : null}
      </button>
    );
  };

  return (
    <div className="analysis-moves" ref={scrollRef}>
      {rows.length === 0 ? (
        <p className="analysis-moves__none">No moves</p>
      ) : (
        <table className="analysis-moves__table">
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
                <th scope="row" className="analysis-moves__number">
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
