import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { Chessboard, type ChessboardOptions } from "react-chessboard";
import { ErrorBoundary } from "../../components/ErrorBoundary.tsx";
import { BoardFallback } from "./BoardFallback.tsx";
import { cursorText, isCursorKey, startCursor, stepCursor } from "./boardKeys.ts";
import { useBoardLook } from "./boardLook.tsx";
import {
  FILES,
  isPieceCode,
  isSquare,
  type Orientation,
  type PieceCode,
  parsePosition,
  RANKS,
  type Square,
  toChessboardPosition,
} from "./boardPosition.ts";
import { ANIMATION_MS, BOARD_COLOR_SCHEMES, schemeStyles } from "./boardTheme.ts";
import { quietDragLibrary } from "./dragLibraryQuiet.ts";
import { NAMED_PIECE_RENDERERS } from "./pieceSets.tsx";
import { tap } from "./tapMove.ts";
import "./Board.css";

const SELECTED: CSSProperties = { backgroundColor: "rgba(20, 85, 30, 0.5)" };
// Images, not backgrounds, so a destination keeps its last-move or premove colour underneath.
const DESTINATION: CSSProperties = {
  backgroundImage: "radial-gradient(rgba(20, 85, 30, 0.5) 19%, rgba(0, 0, 0, 0) 20%)",
};
const CAPTURE: CSSProperties = {
  backgroundImage: "radial-gradient(transparent 0%, transparent 79%, rgba(20, 85, 0, 0.3) 80%)",
};
/** A click this soon after a drop belongs to the drop, not to the board. */
const CLICK_AFTER_DROP_MS = 300;
const CURSOR: CSSProperties = { boxShadow: "inset 0 0 0 4px var(--color-focus)" };
const EVERY_SQUARE = FILES.flatMap((f) => RANKS.map((r) => `${f}${r}` as Square));

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
  /**
   * Where the piece on `from` may go, e.g. ["e3", "e4"]. With onMove, a tap on a piece that may be picked
   * up selects it and marks these squares; a tap on one of them then moves it through onMove.
   */
  destinations?: (from: Square) => readonly Square[];
  /** A click on a square (with or without a piece) that neither selected a piece nor moved one. */
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
  destinations,
  onSquareClick,
  onSquareRightClick,
  overlay,
}: BoardProps) {
  const boardPosition = useMemo(() => toChessboardPosition(parsePosition(position)), [position]);
  const look = useBoardLook();
  const scheme = BOARD_COLOR_SCHEMES[look.boardColors];
  const colors = useMemo(() => schemeStyles(scheme), [scheme]);
  // react-chessboard keeps the drop handler of the render in which a drag started; a ref always
  // reaches the newest one, so a drop is judged against the position shown now.
  const onMoveRef = useRef(onMove);
  useLayoutEffect(() => {
    onMoveRef.current = onMove;
  });
  const [picked, setPicked] = useState<Square | null>(null);
  const lastDropAt = useRef(0);

  const pieceOn = (square: Square): PieceCode | undefined => {
    const code = boardPosition[square]?.pieceType;
    return code !== undefined && isPieceCode(code) ? code : undefined;
  };
  const canPick = (square: Square): boolean => {
    if (!onMove) return false;
    const piece = pieceOn(square);
    return piece !== undefined && (canDragPiece ? canDragPiece(piece, square) : true);
  };
  // Taps select only where the board knows the destinations; the keyboard picks up on any board it can move.
  const canSelect = (square: Square): boolean => destinations !== undefined && canPick(square);
  // A selection lasts while its piece may still be picked up (not after the position moved it away).
  const selected = picked !== null && canPick(picked) ? picked : null;
  const targets = selected !== null && destinations ? destinations(selected) : [];

  // The keyboard's cursor (a board that moves is one Tab stop: arrows go over the squares, Enter or Space
  // picks up and puts down); shown from the first key until the pointer or the focus goes elsewhere.
  const [cursor, setCursor] = useState<Square | null>(null);
  const [keying, setKeying] = useState(false);
  const shownCursor = keying ? (cursor ?? selected ?? startCursor(orientation)) : null;

  let shownStyles = squareStyles;
  if (selected !== null) {
    shownStyles = { ...squareStyles, [selected]: { ...squareStyles?.[selected], ...SELECTED } };
    for (const to of targets) shownStyles[to] = { ...shownStyles[to], ...(boardPosition[to] ? CAPTURE : DESTINATION) };
  }
  if (shownCursor !== null)
    shownStyles = { ...shownStyles, [shownCursor]: { ...shownStyles?.[shownCursor], ...CURSOR } };

  const play = (
    square: Square,
    rules: { canSelect: (s: Square) => boolean; destinations: (s: Square) => readonly Square[] },
  ) => {
    const result = tap(selected, square, rules);
    setPicked(result.kind === "select" ? result.square : null);
    if (result.kind === "move") {
      const piece = pieceOn(result.from);
      if (piece && onMove) onMove({ from: result.from, to: result.to, piece });
    } else if (result.kind !== "select") {
      onSquareClick?.(square);
    }
  };

  const onTap = (square: Square) => {
    setKeying(false);
    if (Date.now() - lastDropAt.current < CLICK_AFTER_DROP_MS) {
      onSquareClick?.(square);
      return;
    }
    play(square, { canSelect, destinations: destinations ?? (() => []) });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!onMove || event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    const at = shownCursor ?? startCursor(orientation);
    if (isCursorKey(event.key)) {
      event.preventDefault();
      setKeying(true);
      setCursor(keying ? stepCursor(at, event.key, orientation) : at);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      setKeying(true);
      setCursor(at);
      // Without known destinations (a free board) a piece may go to any other square.
      play(at, {
        canSelect: canPick,
        destinations: destinations ?? ((from) => EVERY_SQUARE.filter((s) => s !== from)),
      });
    } else if (event.key === "Escape" && selected !== null) {
      event.stopPropagation();
      setPicked(null);
    }
  };

  // react-chessboard makes every piece a Tab stop (dnd-kit's drag handles), 32 of them before the controls
  // beside the board; the board itself is the one stop, and its keys do what the handles' did, by square. The
  // library's English announcements are silenced on the way (dragLibraryQuiet.ts).
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const section = sectionRef.current;
    if (!section) return;
    const untab = () => {
      for (const handle of section.querySelectorAll<HTMLElement>('[aria-roledescription="draggable"][tabindex="0"]'))
        handle.tabIndex = -1;
      quietDragLibrary(section);
    };
    untab();
    const watcher = new MutationObserver(untab);
    watcher.observe(section, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["tabindex", "aria-live", "aria-describedby"],
    });
    return () => watcher.disconnect();
  }, []);

  const options: ChessboardOptions = {
    id,
    position: boardPosition,
    boardOrientation: orientation,
    lightSquareStyle: colors.light,
    darkSquareStyle: colors.dark,
    lightSquareNotationStyle: colors.lightNotation,
    darkSquareNotationStyle: colors.darkNotation,
    showNotation: look.showCoordinates,
    pieces: NAMED_PIECE_RENDERERS[look.pieceSet],
    showAnimations: look.animation !== "off",
    animationDurationInMs: ANIMATION_MS[look.animation],
    allowDragging: onMove !== undefined,
    onPieceDrag: () => setPicked(null),
    onPieceDrop: ({ piece, sourceSquare, targetSquare }) => {
      lastDropAt.current = Date.now();
      const handler = onMoveRef.current;
      if (!handler || !isSquare(sourceSquare) || !isPieceCode(piece.pieceType)) return false;
      const to = targetSquare && isSquare(targetSquare) ? targetSquare : null;
      // Dropped off the board: report it, but the piece always snaps back.
      const accepted = handler({ from: sourceSquare, to, piece: piece.pieceType });
      return to !== null && accepted;
    },
    ...(shownStyles ? { squareStyles: shownStyles } : {}),
    ...(canDragPiece
      ? {
          canDragPiece: ({ piece, square }) =>
            square !== null &&
            isSquare(square) &&
            isPieceCode(piece.pieceType) &&
            canDragPiece(piece.pieceType, square),
        }
      : {}),
    ...(onSquareClick || (onMove && destinations)
      ? { onSquareClick: ({ square }) => (isSquare(square) ? onTap(square) : undefined) }
      : {}),
    ...(onSquareRightClick
      ? { onSquareRightClick: ({ square }) => (isSquare(square) ? onSquareRightClick(square) : undefined) }
      : {}),
  };

  // Overlays drawn on the board (promotion choices) take its square colours from these.
  const style = { "--board-light": scheme.light, "--board-dark": scheme.dark } as CSSProperties;
  const keysHint = `${id}-keys`;
  const cursorPiece = shownCursor !== null ? pieceOn(shownCursor) : undefined;
  return (
    <section
      ref={sectionRef}
      className="board"
      aria-label={label}
      style={boardWidth ? { ...style, width: boardWidth, maxWidth: "100%" } : style}
      {...(onMove
        ? {
            tabIndex: 0,
            "aria-describedby": keysHint,
            onKeyDown,
            onBlur: () => setKeying(false),
          }
        : {})}
    >
      <Chessboard options={options} />
      {overlay}
      {onMove ? (
        <>
          <p id={keysHint} className="visually-hidden">
            Arrow keys go over the squares; Enter or Space picks a piece up and puts it down; Escape lets go.
          </p>
          <p id={`${id}-cursor`} className="visually-hidden" aria-live="polite">
            {shownCursor !== null ? cursorText(shownCursor, cursorPiece, shownCursor === selected) : ""}
          </p>
        </>
      ) : null}
    </section>
  );
}
