import type { Color } from "@chess/shared";
import { useEffect } from "react";
import { usePieces } from "../board/index.ts";
import { PROMOTION_PIECES, type PromotionPiece } from "./gameRules.ts";
import "./PromotionPicker.css";

const NAMES: Record<PromotionPiece, string> = { q: "Queen", r: "Rook", b: "Bishop", n: "Knight" };

/** The promotion choice over the board (SPEC §2): queen, rook, bishop or knight; Escape or outside cancels. */
export function PromotionPicker({
  color,
  onPick,
  onCancel,
}: {
  color: Color;
  onPick: (piece: PromotionPiece) => void;
  onCancel: () => void;
}) {
  const pieceSet = usePieces();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onCancel();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onCancel]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape cancels (handled on the document)
    // biome-ignore lint/a11y/noStaticElementInteractions: a click beside the choices cancels, as on lichess
    <div className="promotion" onClick={(e) => e.target === e.currentTarget && onCancel()}>
      <fieldset className="promotion__choices" aria-label="Promote to">
        {PROMOTION_PIECES.map((piece) => {
          const render = pieceSet[`${color}${piece.toUpperCase()}`];
          return (
            <button
              key={piece}
              type="button"
              className="promotion__choice"
              aria-label={NAMES[piece]}
              title={NAMES[piece]}
              onClick={() => onPick(piece)}
            >
              {render ? render({ svgStyle: { width: "100%", height: "100%" } }) : NAMES[piece]}
            </button>
          );
        })}
      </fieldset>
    </div>
  );
}
