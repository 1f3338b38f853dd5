import type { PuzzleDeck as Deck, Puzzle } from "@chess/shared";
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { errorMessage } from "../../lib/api.ts";
import { useIdentity } from "../accounts/index.ts";
import { PuzzleDeck } from "./PuzzleDeck.tsx";
import { PuzzleTrainer } from "./PuzzleTrainer.tsx";
import type { PuzzlesApi } from "./puzzlesApi.ts";

type Load =
  | { kind: "loading" }
  | { kind: "none" }
  | { kind: "failed"; message: string }
  | { kind: "done"; puzzle: Puzzle };

/**
 * The puzzle page's body: the puzzle `id` (without one, the next puzzle near the player's rating, whose id
 * then goes in the address), and for an account its deck of puzzles from its own games.
 */
export function PuzzlesView({ id, client }: { id: number | undefined; client: PuzzlesApi }) {
  const navigate = useNavigate();
  const { identity } = useIdentity();
  const [load, setLoad] = useState<Load>({ kind: "loading" });
  const [deck, setDeck] = useState<Deck | null>(null);

  /** The next puzzle's address; in place of /puzzles itself, so Back leaves the page. */
  const next = useCallback(
    (replace: boolean) => {
      setLoad({ kind: "loading" });
      client.next().then(
        ({ puzzle }) => (puzzle ? void navigate(`/puzzle/${puzzle.id}`, { replace }) : setLoad({ kind: "none" })),
        (e: unknown) => setLoad({ kind: "failed", message: errorMessage(undefined, e) }),
      );
    },
    [client, navigate],
  );

  useEffect(() => {
    if (id === undefined) return next(true);
    const abort = new AbortController();
    setLoad({ kind: "loading" });
    client.get(id, abort.signal).then(
      (puzzle) => setLoad({ kind: "done", puzzle }),
      (e: unknown) => abort.signal.aborted || setLoad({ kind: "failed", message: errorMessage(undefined, e) }),
    );
    return () => abort.abort();
  }, [id, client, next]);

  const loggedIn = identity.kind === "user";
  const refreshDeck = useCallback(() => {
    if (loggedIn) client.mine().then(setDeck, () => setDeck(null));
  }, [client, loggedIn]);
  useEffect(refreshDeck, [refreshDeck]);

  return (
    <div className="puzzles">
      <div className="puzzles__main">
        {load.kind === "loading" ? <p className="puzzles__note">Loading a puzzle…</p> : null}
        {load.kind === "none" ? (
          <p className="puzzles__note">
            No new puzzle for you yet. Puzzles come from the mistakes in analysed games - analyse one of yours to make
            some.
          </p>
        ) : null}
        {load.kind === "failed" ? (
          <p className="puzzles__note" role="alert">
            {load.message}
          </p>
        ) : null}
        {load.kind === "done" ? (
          <PuzzleTrainer puzzle={load.puzzle} client={client} onNext={() => next(false)} onTried={refreshDeck} />
        ) : null}
      </div>
      <section className="puzzles__deck" aria-labelledby="puzzle-deck-heading">
        <h2 id="puzzle-deck-heading">Learn from your mistakes</h2>
        {loggedIn ? (
          deck ? (
            <PuzzleDeck deck={deck} {...(load.kind === "done" ? { currentId: load.puzzle.id } : {})} />
          ) : (
            <p className="puzzle-deck__empty">Loading your puzzles…</p>
          )
        ) : (
          <p className="puzzle-deck__empty">
            Log in, and the positions where you went wrong in your analysed games become your own puzzles.
          </p>
        )}
      </section>
    </div>
  );
}
