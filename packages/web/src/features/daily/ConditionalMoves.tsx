import { CONDITIONAL_LIMITS, type DailyGame, type MoveInput } from "@chess/shared";
import { useState } from "react";
import { Button } from "../../components/Button.tsx";
import { playMove } from "../board/index.ts";
import { draftComplete, draftFen, draftHasRoom, lineText, withLine } from "./conditionalLines.ts";
import { DailyBoard } from "./DailyBoard.tsx";

/**
 * My conditional moves in a daily game (lichess's forecast): on a board of the game's position I play the
 * opponent's expected move, my answer, and so on; "Add line" saves it with the others (the server keeps all
 * of them, up to 30 lines of 30 moves, and says why when it refuses). Each saved line can be deleted.
 */
export function ConditionalMoves({
  game,
  onSave,
  onClose,
}: {
  game: DailyGame;
  onSave: (lines: string[][]) => Promise<string | undefined>;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const lines = game.conditionals ?? [];
  const fen = draftFen(game.fen, draft);
  const turn = fen.split(" ")[1] === "b" ? "b" : "w";
  const me = game.color;

  const play = (move: MoveInput) => {
    const played = playMove(fen, move);
    if (!played || !draftHasRoom(draft)) return;
    setError(undefined);
    setDraft((d) => [...d, `${played.from}${played.to}${played.promotion ?? ""}`]);
  };

  async function save(next: string[][], then?: () => void) {
    setBusy(true);
    const refusal = await onSave(next);
    setBusy(false);
    setError(refusal);
    if (!refusal) then?.();
  }

  return (
    <div className="conditionals">
      <DailyBoard
        id="conditional-board"
        label="Conditional moves board: play your opponent's move, then your answer"
        fen={fen}
        orientation={me === "b" ? "black" : "white"}
        mover={draftHasRoom(draft) ? turn : null}
        lastMove={draft.at(-1) ?? game.lastMove}
        onMove={play}
      />
      <section className="card conditionals__panel" aria-labelledby="conditionals-title">
        <h2 id="conditionals-title">Conditional moves</h2>
        <p className="conditionals__hint">
          Play your opponent's move, then your answer, and more if you like (up to {CONDITIONAL_LIMITS.plies} moves).
          When your opponent plays a line's move, the server answers with yours.
        </p>
        <p className="conditionals__draft" data-testid="conditional-draft">
          {draft.length > 0 ? lineText(game.fen, draft) : "Play your opponent's expected move on the board."}
        </p>
        <div className="conditionals__buttons">
          <Button
            variant="primary"
            disabled={!draftComplete(draft) || busy}
            busy={busy}
            onClick={() => void save(withLine(lines, draft), () => setDraft([]))}
          >
            Add line
          </Button>
          <Button disabled={draft.length === 0} onClick={() => setDraft((d) => d.slice(0, -1))}>
            Undo move
          </Button>
          <Button variant="ghost" disabled={draft.length === 0} onClick={() => setDraft([])}>
            Clear
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Done
          </Button>
        </div>
        {error ? (
          <p className="conditionals__error" role="alert">
            {error}
          </p>
        ) : null}
        <h3 className="conditionals__count">
          Saved lines: {lines.length} of {CONDITIONAL_LIMITS.lines}
        </h3>
        {lines.length === 0 ? (
          <p className="conditionals__hint">None yet.</p>
        ) : (
          <ol className="conditionals__lines" aria-label="Saved conditional lines">
            {lines.map((l, i) => (
              <li key={l.join(" ")}>
                <span>{lineText(game.fen, l)}</span>
                <Button
                  variant="ghost"
                  disabled={busy}
                  aria-label={`Delete line ${i + 1}`}
                  onClick={() => void save(lines.filter((_, j) => j !== i))}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
