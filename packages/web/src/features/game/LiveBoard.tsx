import type { MoveInput } from "@chess/shared";
import { type CSSProperties, useCallback, useMemo, useRef, useState } from "react";
import {
  Board,
  destinations,
  moveMarks,
  needsPromotion,
  PromotionPicker,
  type PromotionPiece,
  premoveDestinations,
  type Square,
} from "../board/index.ts";
import { canMoveNow, canPremove, liveLine, shownPosition } from "./gameSelectors.ts";
import type { GameState } from "./gameStore.ts";

const PREMOVE: CSSProperties = { backgroundColor: "rgba(20, 85, 200, 0.5)" };
/** A click this soon after a drop belongs to the drop, not to the board. */
const CLICK_AFTER_DROP_MS = 300;

export interface LiveBoardProps {
  state: GameState;
  orientation: "white" | "black";
  boardWidth: number;
  onMove: (move: MoveInput) => boolean;
  onPremove: (move: MoveInput) => void;
  onCancelPremove: () => void;
}

/**
 * The game's board: only my pieces move, dragged or tapped, only legal moves on my turn (else a premove),
 * a promotion picker, and highlights for the last move, a check and the premove.
 */
export function LiveBoard({ state, orientation, boardWidth, onMove, onPremove, onCancelPremove }: LiveBoardProps) {
  const [promotion, setPromotion] = useState<{ from: string; to: string } | null>(null);
  const lastDropAt = useRef(0);
  const shown = shownPosition(state);
  const live = state.viewPly === null;

  const squareStyles = useMemo(() => {
    const styles = moveMarks(shown.fen, shown.lastMove);
    if (state.premove && live) {
      styles[state.premove.from] = PREMOVE;
      styles[state.premove.to] = PREMOVE;
    }
    return styles;
  }, [shown.fen, shown.lastMove, state.premove, live]);

  const mine = state.myColor;
  const interactive = mine !== null && state.status === "active";

  const onDrop = ({ from, to, piece }: { from: Square; to: Square | null; piece: string }): boolean => {
    lastDropAt.current = Date.now();
    if (!mine || to === null || to === from || piece[0] !== mine) return false;
    if (canMoveNow(state)) {
      const fen = liveLine(state).at(-1)?.fen ?? state.initialFen;
      if (!destinations(fen, from).includes(to)) {
        console.log("Invalid move");
        return false;
      }
      if (needsPromotion(fen, from, to)) {
        setPromotion({ from, to });
        return false;
      }
      return onMove({ from, to });
    }
    if (canPremove(state)) {
      onPremove({ from, to });
      return false;
    }
    console.log("Invalid move - not your turn");
    return false;
  };

  const pick = useCallback(
    (piece: PromotionPiece) => {
      if (promotion) onMove({ ...promotion, promotion: piece });
      setPromotion(null);
    },
    [promotion, onMove],
  );
  const cancelPromotion = useCallback(() => setPromotion(null), []);

  const targetsOf = (from: Square): Square[] => {
    if (canMoveNow(state)) return destinations(shown.fen, from);
    if (canPremove(state)) return premoveDestinations(shown.fen, from);
    return [];
  };

  const cancelPremove = () => {
    if (state.premove) onCancelPremove();
  };
  const onBoardClick = () => {
    if (Date.now() - lastDropAt.current >= CLICK_AFTER_DROP_MS) cancelPremove();
  };

  return (
    <Board
      id="live-board"
      label={
        mine
          ? `Chess board, you play ${mine === "w" ? "White" : "Black"}`
          : `Chess board, ${state.white} (White) against ${state.black} (Black)`
      }
      position={shown.fen}
      orientation={orientation}
      boardWidth={boardWidth}
      squareStyles={squareStyles}
      {...(interactive
        ? {
            onMove: onDrop,
            canDragPiece: (piece: string) => live && piece[0] === mine,
            destinations: targetsOf,
            onSquareClick: onBoardClick,
            onSquareRightClick: cancelPremove,
          }
        : {})}
      overlay={
        promotion && mine ? (
          <PromotionPicker
            color={mine}
            square={promotion.to}
            orientation={orientation}
            onPick={pick}
            onCancel={cancelPromotion}
          />
        ) : null
      }
    />
  );
}
