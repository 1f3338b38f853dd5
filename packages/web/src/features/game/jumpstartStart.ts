import { CAPTURABLE, type CapturablePiece, PIECE_VALUES } from "./material.ts";

const NAMES: Record<CapturablePiece, string> = { q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" };

/** The move number a position starts at, from its FEN: "…b KQkq - 0 24" → 24. */
export function startMoveNumber(fen: string): number {
  const n = Number(fen.trim().split(/\s+/)[5]);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/**
 * What a dealt position's material says, for the side behind (SPEC §9 values): "Black starts a knight down
 * (−3)", "White starts 2 pawns down (−2)", "Black starts 4 points of material down (−4)", "Material is even".
 */
export function startMaterialText(fen: string): string {
  const count = { w: { q: 0, r: 0, b: 0, n: 0, p: 0 }, b: { q: 0, r: 0, b: 0, n: 0, p: 0 } };
  for (const ch of fen.trim().split(/\s+/)[0] ?? "") {
    const piece = ch.toLowerCase() as CapturablePiece;
    if (!CAPTURABLE.includes(piece)) continue;
    count[ch === piece ? "b" : "w"][piece] += 1;
  }
  const diff = CAPTURABLE.map((p) => ({ p, d: count.w[p] - count.b[p] })).filter((x) => x.d !== 0);
  const points = diff.reduce((sum, x) => sum + x.d * PIECE_VALUES[x.p], 0);
  if (points === 0) return "Material is even";
  const behind = points > 0 ? "Black" : "White";
  const only = diff.length === 1 ? diff[0] : undefined;
  const what =
    only && Math.abs(only.d) === 1
      ? `a ${NAMES[only.p]}`
      : only?.p === "p"
        ? `${Math.abs(only.d)} pawns`
        : `${Math.abs(points)} points of material`;
  return `${behind} starts ${what} down (\u2212${Math.abs(points)})`;
}

/** An evaluation in pawns as lichess writes it: "+1.4", "−0.3", "0.0". */
export function evalText(pawns: number): string {
  const rounded = Math.round(pawns * 10) / 10;
  if (rounded === 0) return "0.0";
  return `${rounded > 0 ? "+" : "−"}${Math.abs(rounded).toFixed(1)}`;
}

/**
 * The line under a jumpstart game's title: where it starts, the engine's verdict on the dealt position when
 * the server sent it, and who is behind in material: "Starts at move 24 · evaluation +1.4 for White · Black
 * starts a knight down (−3)".
 */
export function jumpstartStartText(initialFen: string, startEval?: number): string {
  const parts = [`Starts at move ${startMoveNumber(initialFen)}`];
  if (startEval !== undefined) {
    const side = Math.round(startEval * 10) === 0 ? "" : startEval > 0 ? " for White" : " for Black";
    parts.push(`evaluation ${evalText(startEval)}${side}`);
  }
  parts.push(startMaterialText(initialFen));
  return parts.join(" · ");
}
