import type { Color } from "@chess/shared";
import { useEffect, useRef } from "react";
import { PROMOTION_PIECES, type PromotionPiece } from "./boardRules.ts";
import { usePieces } from "./pieceSets.tsx";
import "./PromotionPicker.css";

const NAMES: Record<PromotionPiece, string> = { q: "Queen", r: "Rook", b: "Bishop", n: "Knight" };

/** Where the choices stand, in board fractions: the promotion square's file, from its edge of the board. */
export function promotionPlace(
  square: string,
  orientation: "white" | "black",
): { left: string; edge: "top" | "bottom" } {
  const file = square.charCodeAt(0) - 97;
  const column = orientation === "white" ? file : 7 - file;
  const lastRankAtTop = (square[1] === "8") === (orientation === "white");
  return { left: `${column * 12.5}%`, edge: lastRankAtTop ? "top" : "bottom" };
}

/**
 * The promotion choice over the board (SPEC §2): queen, rook, bishop or knight; Escape or a click beside the
 * choices cancels. Given the promotion square, the choices stand in its file as on lichess, the queen on the
 * square itself, where the pawn was dropped; without it, in the middle. It takes the focus while open, so the
 * page's move keys wait, and gives it back after.
 */
export function PromotionPicker({
  color,
  onPick,
  onCancel,
  square,
  orientation = "white",
}: {
  color: Color;
  onPick: (piece: PromotionPiece) => void;
  onCancel: () => void;
  /** The promotion square, e.g. "c8". */
  square?: string;
  orientation?: "white" | "black";
}) {
  const pieceSet = usePieces();
  const place = square ? promotionPlace(square, orientation) : null;
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
    <div
      className={`promotion${place ? " promotion--on-file" : ""}`}
      onClick={(e) => e.target === e.currentTarget && onCancel()}
    >
      <fieldset
        ref={choices}
        className={`promotion__choices${place ? ` promotion__choices--from-${place.edge}` : ""}`}
        style={place ? { left: place.left } : undefined}
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
