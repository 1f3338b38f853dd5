import { useMemo } from "react";
import { BOARD_COLOR_SCHEMES, FILES, parsePlacement, RANKS, useBoardLook, usePieces } from "../board/index.ts";
import "./MiniBoard.css";

export interface MiniBoardProps {
  fen: string;
  /** The last move in UCI, highlighted. */
  lastMove: string | null;
  /** Read out in place of the 64 squares, e.g. "Position after 12 moves". */
  label: string;
}

/**
 * A small board that only shows a position (no dragging, no animation): light enough for a page of
 * games, in the player's board colours and pieces.
 */
export function MiniBoard({ fen, lastMove, label }: MiniBoardProps) {
  const pieces = usePieces();
  const scheme = BOARD_COLOR_SCHEMES[useBoardLook().boardColors];
  const position = useMemo(() => parsePlacement(fen.split(" ")[0] ?? "") ?? {}, [fen]);
  const marked = lastMove ? [lastMove.slice(0, 2), lastMove.slice(2, 4)] : [];
  const squares = [];
  for (const [row, rank] of [...RANKS].reverse().entries()) {
    for (const [col, file] of FILES.entries()) {
      const square = `${file}${rank}` as const;
      const piece = position[square];
      const render = piece ? pieces[piece] : undefined;
      const light = (row + col) % 2 === 0;
      squares.push(
        <div
          key={square}
          className={`mini-board__square${marked.includes(square) ? " mini-board__square--moved" : ""}`}
          style={{ backgroundColor: light ? scheme.light : scheme.dark }}
          data-square={square}
          data-piece={piece}
        >
          {render ? render({ svgStyle: { width: "100%", height: "100%", display: "block" } }) : null}
        </div>,
      );
    }
  }
  return (
    <div className="mini-board" role="img" aria-label={label}>
      {squares}
    </div>
  );
}
