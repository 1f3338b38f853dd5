import type { Color } from "@chess/shared";
import { useEffect, useRef } from "react";
import { PROMOTION_PIECES, type PromotionPiece } from "./boardRules.ts";
import { usePieces } from "./pieceSets.tsx";
import "./PromotionPicker.css";

const NAMES: Record<PromotionPiece, string> = { q: "Queen", r: "Rook", b: "Bishop", n: "Knight" };

/**
 * The promotion choice over the board (SPEC §2): queen, rook, bishop or knight; Escape or a click beside the
 * choices cancels. It takes the focus while open, so the page's move keys wait, and gives it back after.
 */
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
  const choices = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const before = document.activeElement;
    choices.current?.querySelector("button")?.focus();
    return () => {
      if (before instanceof HTMLElement && document.activeElement === document.body) before.focus();
    };
  }, []);
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
      <fieldset
        ref={choices}
        className="promotion__choices"
        aria-label="Promote to"
        onKeyDown={(e) => {
          // Keys pressed on a choice are the picker's: arrows do not step through the game meanwhile.
          e.stopPropagation();
          if (e.key === "Escape") onCancel();
        }}
      >
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
