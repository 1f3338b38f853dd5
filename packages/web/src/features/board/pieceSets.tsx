import type { PieceSet } from "@chess/shared";
import type { CSSProperties, ReactNode } from "react";
import { defaultPieces, type PieceRenderObject } from "react-chessboard";
import { useBoardLook } from "./boardLook.tsx";

/** What react-chessboard's `pieces` option takes: one renderer per code, "wK" ... "bP". */
export type PieceRenderers = PieceRenderObject;

const KINDS = ["K", "Q", "R", "B", "N", "P"] as const;
type Kind = (typeof KINDS)[number];

/** Paint of a drawn piece: body, outline, and the inner details that must read on the body. */
const PAINT = {
  w: { body: "#fbfaf7", outline: "#1e1c19", detail: "#1e1c19" },
  b: { body: "#2b2926", outline: "#12110f", detail: "#e9e6e1" },
} as const;

/**
 * The "simple" set, drawn for this site (no third-party artwork): flat shapes on a 45×45 grid, a body and
 * a base, bold enough to read at 40 px on a phone.
 */
const SIMPLE_SHAPES: Record<Kind, (detail: string) => ReactNode> = {
  P: () => (
    <>
      <path d="M16 33.5C16 27.5 19.5 24 20.5 20.5h4C25.5 24 29 27.5 29 33.5Z" />
      <rect x="17.5" y="18" width="10" height="3" rx="1.5" />
      <circle cx="22.5" cy="12.5" r="5.2" />
      <rect x="12" y="33" width="21" height="5.5" rx="1.6" />
    </>
  ),
  R: (detail) => (
    <>
      <path d="M14.5 31 15.6 17h13.8l1.1 14Z" />
      <path d="M12.5 17.5V9.5h4V12h4V9.5h4V12h4V9.5h4v8Z" />
      <rect x="12" y="30" width="21" height="4" rx="1" />
      <rect x="10" y="33.5" width="25" height="5" rx="1.6" />
      <path d="M16 21h13" fill="none" stroke={detail} strokeWidth="1.2" />
    </>
  ),
  N: (detail) => (
    <>
      <path d="M13.5 34c0-6 3-8.7 6.5-11.2 1.5-1.1 1.8-2.6 1-3.6l-6.2 3.6c-2 1-4.3.4-5-1.6-.5-1.5.2-3 1.6-4l7-6.5-.6-4.2 3.6 2.6c6.8-.4 12.6 5.4 12.6 13.4L33 34Z" />
      <rect x="10" y="33.5" width="25" height="5" rx="1.6" />
      <circle cx="19.5" cy="14.3" r="1.3" fill={detail} stroke="none" />
      <path d="M24.5 11.2c4.6 1.6 7 6.2 6.6 12.8" fill="none" stroke={detail} strokeWidth="1.2" />
    </>
  ),
  B: (detail) => (
    <>
      <path d="M17.5 31h10l2 3h-14Z" />
      <rect x="16" y="27" width="13" height="3.6" rx="1.6" />
      <path d="M22.5 8.8c5.6 3.9 8 8.3 7.6 12.8-.4 3.5-2.9 5.7-4.6 5.7h-6c-1.7 0-4.2-2.2-4.6-5.7-.4-4.5 2-8.9 7.6-12.8Z" />
      <circle cx="22.5" cy="7" r="2.3" />
      <rect x="10" y="33.5" width="25" height="5" rx="1.6" />
      <path d="M25.8 14.2 21.2 19.8" fill="none" stroke={detail} strokeWidth="1.4" strokeLinecap="round" />
    </>
  ),
  Q: () => (
    <>
      <path d="M11.8 31 9 14l5.4 8.2 1.4-11.7 4.2 10.7 2.5-12 2.5 12 4.2-10.7 1.4 11.7L36 14l-2.8 17Z" />
      <circle cx="9" cy="13.2" r="2.2" />
      <circle cx="15.8" cy="9.8" r="2.2" />
      <circle cx="22.5" cy="8" r="2.2" />
      <circle cx="29.2" cy="9.8" r="2.2" />
      <circle cx="36" cy="13.2" r="2.2" />
      <rect x="11" y="29.5" width="23" height="4.5" rx="1.5" />
      <rect x="9" y="33.5" width="27" height="5" rx="1.6" />
    </>
  ),
  K: () => (
    <>
      <path d="M11.8 31c-2.6-6.4-1-12.6 5-12.6 3 0 5 2 5.7 4.6.7-2.6 2.7-4.6 5.7-4.6 6 0 7.6 6.2 5 12.6Z" />
      <path d="M21 4.5h3V8h3.5v3H24v10.5h-3V11h-3.5V8H21Z" />
      <rect x="11" y="29.5" width="23" height="4.5" rx="1.5" />
      <rect x="9" y="33.5" width="27" height="5" rx="1.6" />
    </>
  ),
};

function simplePiece(color: "w" | "b", kind: Kind) {
  const paint = PAINT[color];
  return (props?: { svgStyle?: CSSProperties }) => (
    <svg viewBox="0 0 45 45" width="100%" height="100%" style={props?.svgStyle} aria-hidden="true">
      <g fill={paint.body} stroke={paint.outline} strokeWidth="1.5" strokeLinejoin="round">
        {SIMPLE_SHAPES[kind](paint.detail)}
      </g>
    </svg>
  );
}

/** Unicode's solid chess glyphs (U+265A-F), each followed by VS15 so no system draws them as emoji. */
const GLYPHS: Record<Kind, string> = {
  K: "\u265A\uFE0E",
  Q: "\u265B\uFE0E",
  R: "\u265C\uFE0E",
  B: "\u265D\uFE0E",
  N: "\u265E\uFE0E",
  P: "\u265F\uFE0E",
};

/** Fonts that carry the chess glyphs on common systems; the reader's own font draws them. */
const GLYPH_FONTS = '"DejaVu Sans", "Segoe UI Symbol", "Noto Sans Symbols 2", "Apple Symbols", serif';

function glyphPiece(color: "w" | "b", kind: Kind) {
  const paint = PAINT[color];
  return (props?: { svgStyle?: CSSProperties }) => (
    <svg viewBox="0 0 45 45" width="100%" height="100%" style={props?.svgStyle} aria-hidden="true">
      <text
        x="22.5"
        y="39.5"
        textAnchor="middle"
        fontFamily={GLYPH_FONTS}
        fontSize="44"
        fill={paint.body}
        stroke={paint.outline}
        strokeWidth="1.6"
        paintOrder="stroke"
      >
        {GLYPHS[kind]}
      </text>
    </svg>
  );
}

function buildSet(make: (color: "w" | "b", kind: Kind) => PieceRenderers[string]): PieceRenderers {
  const set: PieceRenderers = {};
  for (const color of ["w", "b"] as const) {
    for (const kind of KINDS) set[`${color}${kind}`] = make(color, kind);
  }
  return set;
}

/** Each piece set's renderers; "standard" is react-chessboard's own. */
export const PIECE_RENDERERS: Record<PieceSet, PieceRenderers> = {
  standard: defaultPieces,
  simple: buildSet(simplePiece),
  glyphs: buildSet(glyphPiece),
};

const COLOR_NAMES = { w: "white", b: "black" } as const;
const KIND_NAMES: Record<Kind, string> = { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight", P: "pawn" };

/** What a piece is called to a screen reader, e.g. "white knight on g1" ("wN", "g1"). */
export function pieceName(code: string, square?: string): string {
  const color = code[0] === "b" ? COLOR_NAMES.b : COLOR_NAMES.w;
  const kind = KIND_NAMES[code[1] as Kind] ?? "piece";
  return square ? `${color} ${kind} on ${square}` : `${color} ${kind}`;
}

/**
 * The set with every piece named (role "img"), for the board: react-chessboard makes each piece a drag
 * handle (a button) whose only content is the drawing, so the drawing has to carry the button's name.
 */
function namedSet(set: PieceRenderers): PieceRenderers {
  const named: PieceRenderers = {};
  for (const [code, render] of Object.entries(set)) {
    named[code] = (props) => (
      <div role="img" aria-label={pieceName(code, props?.square)} style={{ width: "100%", height: "100%" }}>
        {render(props)}
      </div>
    );
  }
  return named;
}

/** Each piece set's renderers with names, as drawn on the board. */
export const NAMED_PIECE_RENDERERS: Record<PieceSet, PieceRenderers> = {
  standard: namedSet(PIECE_RENDERERS.standard),
  simple: namedSet(PIECE_RENDERERS.simple),
  glyphs: namedSet(PIECE_RENDERERS.glyphs),
};

/** Names shown in the settings. */
export const PIECE_SET_LABELS: Record<PieceSet, string> = {
  standard: "Standard",
  simple: "Simple",
  glyphs: "Unicode glyphs",
};

/** The renderers of the player's piece set, for pieces drawn beside the board (captures, promotion). */
export function usePieces(): PieceRenderers {
  return PIECE_RENDERERS[useBoardLook().pieceSet];
}
