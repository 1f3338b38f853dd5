import type { PuzzleDeck as Deck } from "@chess/shared";
import { Link } from "react-router";
import { sideName } from "./puzzleSession.ts";

const PROGRESS_LABEL = { solved: "Solved", failed: "Failed", unseen: "New" } as const;

/** "Learn from your mistakes": the puzzles made from the player's own games, with how far they got. */
export function PuzzleDeck({ deck, currentId }: { deck: Deck; currentId?: number }) {
  if (deck.puzzles.length === 0) {
    return (
      <p className="puzzle-deck__empty">
        Analyse your finished games: where you went wrong and one move won or saved, a puzzle appears here.
      </p>
    );
  }
  return (
    <>
      <p className="puzzle-deck__summary" data-testid="deck-progress">
        {deck.solved} solved · {deck.failed} to retry · {deck.unseen} new
      </p>
      <ul className="puzzle-deck__list">
        {deck.puzzles.map((p) => (
          <li key={p.id}>
            <Link to={`/puzzle/${p.id}`} aria-current={p.id === currentId ? "page" : undefined}>
              <span>
                {sideName(p.player)} to move · move {Math.floor(p.ply / 2) + 1}
              </span>
              <span className={`puzzle-deck__progress puzzle-deck__progress--${p.progress}`}>
                {PROGRESS_LABEL[p.progress]}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
