import { useMemo } from "react";
import { Chessboard, type ChessboardOptions } from "react-chessboard";
import { ErrorBoundary } from "../../components/ErrorBoundary.tsx";
import { BoardFallback } from "./BoardFallback.tsx";
import {
  isPieceCode,
  isSquare,
  type Orientation,
  type PieceCode,
  parsePosition,
  type Square,
  toChessboardPosition,
} from "./boardPosition.ts";
import { BOARD_THEME, darkNotationStyle, darkSquareStyle, lightNotationStyle, lightSquareStyle } from "./boardTheme.ts";
import "./Board.css";

export interface BoardProps {
  /** "start", a piece placement / FEN, or { e4: "wP", ... }; anything else shows an empty board. */
  position: unknown;
  /** Which side is at the bottom; white by default. */
  orientation?: Orientation;
  /**
   * A piece was dropped on `to` (null: off the board). Return true to accept; the board then shows the
   * position it is given next. Without this handler pieces cannot be dragged.
   */
  onMove?: (move: { from: Square; to: Square | null; piece: PieceCode }) => boolean;
  /** Accessible description, e.g. "Free board". */
  label?: string;
  /** DOM id prefix; needed when two boards share a page. */
  id?: string;
}

/** The chessboard, with the site's defaults and a fallback when it cannot render (SPEC §5, §8, §9). */
export function Board(props: BoardProps) {
  return (
    <ErrorBoundary fallback={<BoardFallback />}>
      <BoardView {...props} />
    </ErrorBoundary>
  );
}

function BoardView({ position, orientation = "white", onMove, label = "Chessboard", id = "board" }: BoardProps) {
  const boardPosition = useMemo(() => toChessboardPosition(parsePosition(position)), [position]);

  const options: ChessboardOptions = {
    id,
    position: boardPosition,
    boardOrientation: orientation,
    lightSquareStyle,
    darkSquareStyle,
    lightSquareNotationStyle: lightNotationStyle,
    darkSquareNotationStyle: darkNotationStyle,
    showNotation: true,
    animationDurationInMs: BOARD_THEME.animationMs,
    allowDragging: onMove !== undefined,
    onPieceDrop: ({ piece, sourceSquare, targetSquare }) => {
      if (!onMove || !isSquare(sourceSquare) || !isPieceCode(piece.pieceType)) return false;
      const to = targetSquare && isSquare(targetSquare) ? targetSquare : null;
      // Dropped off the board: report it, but the piece always snaps back.
      const accepted = onMove({ from: sourceSquare, to, piece: piece.pieceType });
      return to !== null && accepted;
    },
  };

  return (
    <section className="board" aria-label={label}>
      <Chessboard options={options} />
    </section>
  );
}
