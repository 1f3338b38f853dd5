import { MOVE_QUALITY_INFO, type MoveQuality } from "@chess/shared";
import { BAD_MARKS } from "./marks.ts";
import "./MarksList.css";

export interface MarksListProps {
  /** Index i: the mark of move i (index 0 unused). */
  qualities: ReadonlyArray<MoveQuality | null>;
  /** labels[i] names move i, e.g. "3... Nf6". */
  labels: readonly string[];
  /** The game's ply shown (null in a variation): its entry is marked. */
  currentPly: number | null;
  white: string;
  black: string;
  onSelect: (ply: number) => void;
}

/** Every inaccuracy, mistake and blunder of each side, in order; a click shows the position after it. */
export function MarksList({ qualities, labels, currentPly, white, black, onSelect }: MarksListProps) {
  const marked = qualities.flatMap((q, ply) => (q && BAD_MARKS.has(q) ? [{ ply, quality: q }] : []));
  // Move 1 is White's unless the game starts with Black to move (labels say "1... e5").
  const blackFirst = (labels[1] ?? "").includes("...");
  const side = (ply: number) => ((ply % 2 === 1) !== blackFirst ? "w" : "b");
  return (
    <section className="marks-list" aria-labelledby="marks-list-title">
      <h3 id="marks-list-title">Marked moves</h3>
      <div className="marks-list__sides">
        {(["w", "b"] as const).map((color) => {
          const moves = marked.filter((m) => side(m.ply) === color);
          return (
            <div key={color} className="marks-list__side">
              <h4>
                <span className={`analysis-player__dot analysis-player__dot--${color === "w" ? "white" : "black"}`} />
                {color === "w" ? white : black}
              </h4>
              {moves.length === 0 ? (
                <p className="marks-list__none">No inaccuracies</p>
              ) : (
                <ul aria-label={`${color === "w" ? "White" : "Black"}'s marked moves`}>
                  {moves.map(({ ply, quality }) => (
                    <li key={ply}>
                      <button
                        type="button"
                        className={`marks-list__move marks-list__move--${quality}`}
                        aria-current={ply === currentPly ? "true" : undefined}
                        onClick={() => onSelect(ply)}
                      >
                        <span className="marks-list__symbol" aria-hidden="true">
                          {MOVE_QUALITY_INFO[quality].symbol}
                        </span>
                        <span className="marks-list__label">{labels[ply]}</span>
                        <span className="marks-list__title">{MOVE_QUALITY_INFO[quality].title}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
