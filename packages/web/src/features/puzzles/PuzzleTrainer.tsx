import type { Puzzle, PuzzleAttemptResult } from "@chess/shared";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/Button.tsx";
import { errorMessage } from "../../lib/api.ts";
import {
  Board,
  destinations,
  moveMarks,
  needsPromotion,
  PromotionPicker,
  type PromotionPiece,
  playMove,
} from "../board/index.ts";
import {
  isOver,
  type PuzzleSession,
  replied,
  replyOf,
  shown,
  sideName,
  solverMoved,
  startSession,
} from "./puzzleSession.ts";
import type { PuzzlesApi } from "./puzzlesApi.ts";
import "./Puzzles.css";

/** The opponent's reply comes after a beat, so the solver sees their own move land first. */
const REPLY_MS = 400;

/** The analysis of the game a puzzle came from (an imported game opens by its import id). */
const gamePath = (gameId: string) =>
  gameId.startsWith("import-")
    ? `/analysis?import=${encodeURIComponent(gameId)}`
    : `/analysis?gameId=${encodeURIComponent(gameId)}`;

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0");

/**
 * One puzzle on the board: the solver plays the solution's moves, the opponent's replies are played for them;
 * a wrong move says so and offers a retry; each finished try is reported (the server rates only the first).
 */
export function PuzzleTrainer({
  puzzle,
  client,
  onNext,
  onTried,
}: {
  puzzle: Puzzle;
  client: PuzzlesApi;
  onNext: () => void;
  /** A try was stored: the deck's progress changed. */
  onTried?: () => void;
}) {
  const [session, setSession] = useState<PuzzleSession>(() => startSession(puzzle));
  const [result, setResult] = useState<PuzzleAttemptResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [promotion, setPromotion] = useState<{ from: string; to: string } | null>(null);
  const orientation = puzzle.player === "w" ? "white" : "black";
  const over = isOver(session);

  useEffect(() => {
    setSession(startSession(puzzle));
    setResult(null);
    setError(null);
  }, [puzzle]);

  const report = useCallback(
    (tried: string[]) => {
      client.attempt(puzzle.id, tried).then(
        (r) => {
          setResult(r);
          onTried?.();
        },
        (e: unknown) => setError(errorMessage(undefined, e)),
      );
    },
    [client, puzzle.id, onTried],
  );

  const reply = replyOf(session, puzzle);
  useEffect(() => {
    if (!reply) return;
    const timer = setTimeout(() => {
      const played = playMove(session.fen, { from: reply.slice(0, 2), to: reply.slice(2, 4), promotion: reply[4] });
      if (played) setSession((s) => replied(s, reply, played.fen));
    }, REPLY_MS);
    return () => clearTimeout(timer);
  }, [reply, session.fen]);

  const solverMove = (move: { from: string; to: string; promotion?: string }) => {
    if (session.status !== "play") return false;
    const played = playMove(session.fen, move);
    if (!played) return false;
    // As the Board names it: a Chess960 castle dragged onto the king's destination is king takes rook.
    const uci = `${played.from}${played.to}${played.promotion ?? ""}`;
    const next = solverMoved(session, puzzle, uci, played.fen);
    setSession(next);
    if (next.status === "wrong" || next.status === "solved") report(next.tried);
    return next.status !== "wrong";
  };

  const onDrop = ({ from, to }: { from: string; to: string | null }) => {
    if (to === null || to === from) return false;
    if (needsPromotion(session.fen, from, to)) {
      setPromotion({ from, to });
      return false;
    }
    return solverMove({ from, to });
  };

  const pick = (piece: PromotionPiece) => {
    if (promotion) solverMove({ ...promotion, promotion: piece });
    setPromotion(null);
  };

  const squareStyles = useMemo(() => moveMarks(session.fen, session.lastMove), [session.fen, session.lastMove]);

  const retry = () => {
    setSession((s) => ({ ...s, tried: s.tried.slice(0, -1), status: "play" }));
    setResult(null);
  };

  return (
    <div className="puzzle">
      <div className="puzzle__board">
        <Board
          id="puzzle-board"
          label="Puzzle board"
          position={session.fen}
          orientation={orientation}
          squareStyles={squareStyles}
          onMove={onDrop}
          canDragPiece={(piece) => session.status === "play" && piece[0] === puzzle.player}
          destinations={(from) => (session.status === "play" ? destinations(session.fen, from) : [])}
          overlay={
            promotion ? (
              <PromotionPicker
                color={puzzle.player}
                square={promotion.to}
                orientation={orientation}
                onPick={pick}
                onCancel={() => setPromotion(null)}
              />
            ) : null
          }
        />
      </div>
      <section className="puzzle__side" aria-label="Puzzle">
        <Status session={session} puzzle={puzzle} result={result} />
        {error ? (
          <p className="puzzle__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="puzzle__actions">
          {session.status === "wrong" ? (
            <Button variant="primary" onClick={retry}>
              Try again
            </Button>
          ) : null}
          {session.status === "wrong" ? (
            <Button variant="secondary" onClick={() => setSession((s) => shown(s, puzzle))}>
              View the solution
            </Button>
          ) : null}
          {session.status !== "play" && session.status !== "reply" ? (
            <Button variant={over ? "primary" : "secondary"} onClick={onNext}>
              Next puzzle
            </Button>
          ) : null}
        </div>
        <dl className="puzzle__facts">
          <dt>Puzzle rating</dt>
          <dd data-testid="puzzle-rating">{result?.puzzleRating ?? puzzle.rating}</dd>
          {/* The game and the themes ("mateIn1") would give the answer away: shown once the puzzle is over. */}
          {over ? (
            <>
              <dt>From</dt>
              <dd>
                <Link to={gamePath(puzzle.gameId)}>the game, move {Math.floor(puzzle.ply / 2) + 1}</Link>
              </dd>
            </>
          ) : null}
          {over && puzzle.themes.length > 0 ? (
            <>
              <dt>Themes</dt>
              <dd>{puzzle.themes.join(", ")}</dd>
            </>
          ) : null}
        </dl>
      </section>
    </div>
  );
}

function Status({
  session,
  puzzle,
  result,
}: {
  session: PuzzleSession;
  puzzle: Puzzle;
  result: PuzzleAttemptResult | null;
}) {
  const side = sideName(puzzle.player);
  if (session.status === "wrong") {
    return (
      <div className="puzzle__status puzzle__status--wrong" role="status">
        <p className="puzzle__headline">That's not it</p>
        <p>Try another move for {side}.</p>
        <RatingLine result={result} />
      </div>
    );
  }
  if (session.status === "shown") {
    return (
      <div className="puzzle__status" role="status">
        <p className="puzzle__headline">The solution</p>
        <p data-testid="puzzle-solution">{session.solution?.join(" ")}</p>
        <RatingLine result={result} />
      </div>
    );
  }
  if (session.status === "solved") {
    return (
      <div className="puzzle__status puzzle__status--solved" role="status">
        <p className="puzzle__headline">Solved!</p>
        <RatingLine result={result} />
      </div>
    );
  }
  return (
    <div className="puzzle__status" role="status">
      <p className="puzzle__headline">Find the best move for {side}</p>
      <p>
        {session.tried.length > 0
          ? "Right - keep going."
          : puzzle.kind === "saves"
            ? "One move holds."
            : "One move wins."}
      </p>
    </div>
  );
}

function RatingLine({ result }: { result: PuzzleAttemptResult | null }) {
  if (!result) return null;
  if (result.rating === null) return <p>Log in to get a puzzle rating.</p>;
  return (
    <p data-testid="puzzle-rating-change">
      Your puzzle rating: {result.rating} ({signed(result.ratingChange)})
      {result.rated ? "" : " - only a first try counts"}
    </p>
  );
}
