import type { Color, MoveInput } from "@chess/shared";
import { useCallback, useMemo, useState } from "react";
import {
  Board,
  destinations,
  moveMarks,
  needsPromotion,
  PromotionPicker,
  type PromotionPiece,
  type Square,
} from "../board/index.ts";

/**
 * A daily board: `mover`'s pieces move, dragged or tapped, by the rules of `fen` (only when it is that side's
 * turn), with a promotion picker; the last move (UCI) and a check are marked. The game page and the
 * conditional-moves board both use it.
 */
export function DailyBoard({
  id,
  label,
  fen,
  orientation,
  mover,
  lastMove,
  onMove,
}: {
  id: string;
  label: string;
  fen: string;
  orientation: "white" | "black";
  /** The side whose pieces move now, or null: the board only shows. */
  mover: Color | null;
  lastMove?: string | null;
  onMove: (move: MoveInput) => void;
}) {
  const [promotion, setPromotion] = useState<{ from: string; to: string } | null>(null);
  const turn: Color = fen.split(" ")[1] === "b" ? "b" : "w";
  const canMove = mover !== null && mover === turn;

  const squareStyles = useMemo(() => {
    const styles = moveMarks(fen, lastMove ? { from: lastMove.slice(0, 2), to: lastMove.slice(2, 4) } : undefined);
    return styles;
  }, [fen, lastMove]);

  const drop = ({ from, to, piece }: { from: Square; to: Square | null; piece: string }): boolean => {
    if (!canMove || to === null || to === from || piece[0] !== mover) return false;
    if (!destinations(fen, from).includes(to)) return false;
    if (needsPromotion(fen, from, to)) {
      setPromotion({ from, to });
      return false;
    }
    onMove({ from, to });
    return true;
  };
  const pick = useCallback(
    (piece: PromotionPiece) => {
      if (promotion) onMove({ ...promotion, promotion: piece });
      setPromotion(null);
    },
    [promotion, onMove],
  );
  const cancel = useCallback(() => setPromotion(null), []);

  return (
    <Board
      id={id}
      label={label}
      position={fen}
      orientation={orientation}
      squareStyles={squareStyles}
      {...(canMove
        ? {
            onMove: drop,
            canDragPiece: (piece: string) => piece[0] === mover,
            destinations: (from: Square) => destinations(fen, from),
          }
        : {})}
      overlay={promotion && mover ? <PromotionPicker color={mover} onPick={pick} onCancel={cancel} /> : null}
    />
  );
}
