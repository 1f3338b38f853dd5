import { MOVE_QUALITY_INFO, type MoveQuality } from "@chess/shared";
import { useCallback, useId, useMemo, useState } from "react";
import {
  Board,
  destinations,
  moveMarks,
  needsPromotion,
  type PlayedMove,
  PromotionPicker,
  type PromotionPiece,
  playMove,
  turnOf,
} from "../board/index.ts";
import { squareBox } from "./boardGeometry.ts";
import "./AnalysisBoard.css";

export interface AnalysisBoardProps {
  fen: string;
  orientation: "white" | "black";
  lastMove: PlayedMove | undefined;
  /** The quality of the last move: its symbol is drawn on the square it went to. */
  lastQuality?: MoveQuality | null;
  /** The engine's best move in the position (UCI), drawn as an arrow. */
  bestMove?: string;
  /** A legal move the player made on the board, played out. */
  onMove: (move: PlayedMove) => void;
}

/** The analysis board: any legal move of the side to move can be played (SPEC §4 own variations). */
export function AnalysisBoard({ fen, orientation, lastMove, lastQuality, bestMove, onMove }: AnalysisBoardProps) {
  const [promotion, setPromotion] = useState<{ from: string; to: string } | null>(null);
  const turn = turnOf(fen);

  const squareStyles = useMemo(() => {
    const styles = moveMarks(fen, lastMove);
    return styles;
  }, [fen, lastMove]);

  const onDrop = ({ from, to }: { from: string; to: string | null }): boolean => {
    if (to === null || to === from) return false;
    if (needsPromotion(fen, from, to)) {
      setPromotion({ from, to });
      return false;
    }
    const played = playMove(fen, { from, to });
    if (!played) return false; // illegal: the piece snaps back
    onMove(played);
    return true;
  };

  const pick = useCallback(
    (piece: PromotionPiece) => {
      const played = promotion ? playMove(fen, { ...promotion, promotion: piece }) : undefined;
      if (played) onMove(played);
      setPromotion(null);
    },
    [promotion, fen, onMove],
  );

  const cancelPromotion = useCallback(() => setPromotion(null), []);

  return (
    <Board
      id="analysis-board"
      label="Analysis board"
      position={fen}
      orientation={orientation}
      squareStyles={squareStyles}
      onMove={onDrop}
      canDragPiece={(piece) => piece[0] === turn}
      destinations={(from) => destinations(fen, from)}
      overlay={
        <>
          <div className="analysis-overlay" aria-hidden="true">
            {bestMove ? <BestMoveArrow uci={bestMove} orientation={orientation} /> : null}
            {lastMove && lastQuality ? (
              <QualityBadge square={lastMove.to} quality={lastQuality} orientation={orientation} />
            ) : null}
          </div>
          {promotion ? (
            <PromotionPicker
              color={turn}
              square={promotion.to}
              orientation={orientation}
              onPick={pick}
              onCancel={cancelPromotion}
            />
          ) : null}
        </>
      }
    />
  );
}

/** The move-quality symbol in the top-right corner of `square`. */
function QualityBadge({
  square,
  quality,
  orientation,
}: {
  square: string;
  quality: MoveQuality;
  orientation: "white" | "black";
}) {
  const box = squareBox(square, orientation);
  if (!box) return null;
  return (
    <span
      className={`analysis-badge quality-symbol--${quality}`}
      data-testid="quality-badge"
      data-square={square}
      data-quality={quality}
      style={{ left: `${(box.col + 1) * 12.5}%`, top: `${box.row * 12.5}%` }}
    >
      {MOVE_QUALITY_INFO[quality].symbol}
    </span>
  );
}

/** An arrow from the best move's square to its target, over the pieces. */
function BestMoveArrow({ uci, orientation }: { uci: string; orientation: "white" | "black" }) {
  const markerId = `best-arrow-${useId().replace(/[^\w-]/g, "")}`;
  const from = squareBox(uci.slice(0, 2), orientation);
  const to = squareBox(uci.slice(2, 4), orientation);
  if (!from || !to) return null;
  const [x1, y1, x2, y2] = [from.col + 0.5, from.row + 0.5, to.col + 0.5, to.row + 0.5];
  const length = Math.hypot(x2 - x1, y2 - y1);
  // Stop short of the target's centre so the head sits on the square, not past it.
  const end = Math.max(0, length - 0.35) / length;
  return (
    <svg className="analysis-arrow" viewBox="0 0 8 8" aria-hidden="true" data-testid="best-move-arrow">
      <defs>
        <marker id={markerId} viewBox="0 0 4 4" refX="1.6" refY="2" markerWidth="3" markerHeight="3" orient="auto">
          <path d="M0,0 L4,2 L0,4 z" className="analysis-arrow__head" />
        </marker>
      </defs>
      <line
        className="analysis-arrow__line"
        x1={x1}
        y1={y1}
        x2={x1 + (x2 - x1) * end}
        y2={y1 + (y2 - y1) * end}
        markerEnd={`url(#${markerId})`}
      />
    </svg>
  );
}
