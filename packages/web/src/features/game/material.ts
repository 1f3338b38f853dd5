import type { ByColor, Color } from "@chess/shared";

/** Captured pieces and the material difference around the board (SPEC §2, values SPEC §9). Pure. */

export type CapturablePiece = "q" | "r" | "b" | "n" | "p";
/** In display order: queen first, pawns last. */
export const CAPTURABLE: readonly CapturablePiece[] = ["q", "r", "b", "n", "p"];
export const PIECE_VALUES: Record<CapturablePiece, number> = { q: 9, r: 5, b: 3, n: 3, p: 1 };

export interface MaterialSide {
  /** The opponent's pieces this side has taken, queen first. */
  captured: CapturablePiece[];
  /** How many points this side is ahead (0 when level or behind). */
  advantage: number;
}

type Counts = ByColor<Record<CapturablePiece, number>>;

function countPieces(fen: string): Counts {
  const counts: Counts = { w: { q: 0, r: 0, b: 0, n: 0, p: 0 }, b: { q: 0, r: 0, b: 0, n: 0, p: 0 } };
  const placement = fen.trim().split(/\s+/)[0] ?? "";
  for (const ch of placement) {
    const lower = ch.toLowerCase();
    if (!(lower in PIECE_VALUES)) continue;
    const color: Color = ch === lower ? "b" : "w";
    counts[color][lower as CapturablePiece] += 1;
  }
  return counts;
}

/** Pieces of `color` no longer on the board; a promoted pawn counts as the pawn, not as a loss. */
function missing(start: Record<CapturablePiece, number>, now: Record<CapturablePiece, number>): CapturablePiece[] {
  let promoted = 0;
  const result: CapturablePiece[] = [];
  for (const piece of CAPTURABLE) {
    if (piece === "p") continue;
    promoted += Math.max(0, now[piece] - start[piece]);
  }
  for (const piece of CAPTURABLE) {
    const gone = piece === "p" ? start.p - now.p - promoted : start[piece] - now[piece];
    for (let i = 0; i < gone; i++) result.push(piece);
  }
  return result;
}

const score = (c: Record<CapturablePiece, number>) => CAPTURABLE.reduce((sum, p) => sum + c[p] * PIECE_VALUES[p], 0);

/**
 * What each side has captured since `initialFen`, and who is ahead by how much (queen 9, rook 5,
 * bishop 3, knight 3, pawn 1), in the position `fen`.
 */
export function materialSummary(fen: string, initialFen: string): ByColor<MaterialSide> {
  const start = countPieces(initialFen);
  const now = countPieces(fen);
  const diff = score(now.w) - score(now.b);
  return {
    w: { captured: missing(start.b, now.b), advantage: Math.max(0, diff) },
    b: { captured: missing(start.w, now.w), advantage: Math.max(0, -diff) },
  };
}
