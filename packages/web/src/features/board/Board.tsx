import { type CSSProperties, type ReactNode, useLayoutEffect, useMemo, useRef } from "react";
import { Chessboard, type ChessboardOptions } from "react-chessboard";
import { ErrorBoundary } from "../../components/ErrorBoundary.tsx";
import { usePreferences } from "../preferences/index.ts";
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
import { ANIMATION_MS, BOARD_COLOR_SCHEMES, schemeStyles } from "./boardTheme.ts";
import { NAMED_PIECE_RENDERERS } from "./pieceSets.tsx";
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
  /** Width in px (never wider than its container); by default the container's width. */
  boardWidth?: number;
  /** Extra styles per square, e.g. last-move or check highlights: { e4: { background: "..." } }. */
  squareStyles?: Record<string, CSSProperties>;
  /** Which pieces may be picked up (with onMove); all of them by default. */
  canDragPiece?: (piece: PieceCode, square: Square) => boolean;
  /** A click on a square (with or without a piece). */
  onSquareClick?: (square: Square) => void;
  /** A right click on a square. */
  onSquareRightClick?: (square: Square) => void;
  /** Drawn over the board, e.g. a promotion picker. */
  overlay?: ReactNode;
}

/**
 * The chessboard in the player's colours, pieces, coordinates and animation speed (the spec's by default),
 * with a fallback when it cannot render (SPEC §5, §8, §9).
 */
export function Board(props: BoardProps) {
  return (
    <ErrorBoundary fallback={<BoardFallback />}>
      <BoardView {...props} />
    </ErrorBoundary>
  );
}

function BoardView({
  position,
  orientation = "white",
  onMove,
  label = "Chessboard",
  id = "board",
  boardWidth,
  squareStyles,
  canDragPiece,
  onSquareClick,
  onSquareRightClick,
  overlay,
}: BoardProps) {
  const boardPosition = useMemo(() => toChessboardPosition(parsePosition(position)), [position]);
  const [prefs] = usePreferences();
  const scheme = BOARD_COLOR_SCHEMES[prefs.boardColors];
  const colors = useMemo(() => schemeStyles(scheme), [scheme]);
  // react-chessboard keeps the drop handler of the render in which a drag started; a ref always
  // reaches the newest one, so a drop is judged against the position shown now.
  const onMoveRef = useRef(onMove);
  useLayoutEffect(() => {
    onMoveRef.current = onMove;
  });

  const options: ChessboardOptions = {
    id,
    position: boardPosition,
    boardOrientation: orientation,
    lightSquareStyle: colors.light,
    darkSquareStyle: colors.dark,
    lightSquareNotationStyle: colors.lightNotation,
    darkSquareNotationStyle: colors.darkNotation,
    showNotation: prefs.showCoordinates,
    pieces: NAMED_PIECE_RENDERERS[prefs.pieceSet],
    showAnimations: prefs.animation !== "off",
    animationDurationInMs: ANIMATION_MS[prefs.animation],
    allowDragging: onMove !== undefined,
    onPieceDrop: ({ piece, sourceSquare, targetSquare }) => {
      const handler = onMoveRef.current;
      if (!handler || !isSquare(sourceSquare) || !isPieceCode(piece.pieceType)) return false;
      const to = targetSquare && isSquare(targetSquare) ? targetSquare : null;
      // Dropped off the board: report it, but the piece always snaps back.
      const accepted = handler({ from: sourceSquare, to, piece: piece.pieceType });
      return to !== null && accepted;
    },
    ...(squareStyles ? { squareStyles } : {}),
    ...(canDragPiece
      ? {
          canDragPiece: ({ piece, square }) =>
            square !== null &&
            isSquare(square) &&
            isPieceCode(piece.pieceType) &&
            canDragPiece(piece.pieceType, square),
        }
      : {}),
    ...(onSquareClick ? { onSquareClick: ({ square }) => (isSquare(square) ? onSquareClick(square) : undefined) } : {}),
    ...(onSquareRightClick
      ? { onSquareRightClick: ({ square }) => (isSquare(square) ? onSquareRightClick(square) : undefined) }
      : {}),
  };

  // Overlays drawn on the board (promotion choices) take its square colours from these.
  const style = { "--board-light": scheme.light, "--board-dark": scheme.dark } as CSSProperties;
  return (
    <section
      className="board"
      aria-label={label}
      style={boardWidth ? { ...style, width: boardWidth, maxWidth: "100%" } : style}
    >
      <Chessboard options={options} />
      {overlay}
    </section>
  );
}
