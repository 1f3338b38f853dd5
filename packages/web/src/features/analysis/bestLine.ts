import { moveLabel, numberedLine, numberMoves, playUciLine, positionEnd } from "../board/index.ts";

/** The engine's best line as people read it (SPEC §4 best-line text). Pure. */

/** How many plies of the best line are shown. */
export const BEST_LINE_PLIES = 8;

/** UCI moves (e.g. "g1f3", "e7e8q") played from `fen` → SAN, stopping at the first that does not apply. */
export function pvToSan(fen: string, uci: readonly string[], max = BEST_LINE_PLIES): string[] {
  return playUciLine(fen, uci, max).map((m) => m.san);
}

const END_TEXT: Partial<Record<NonNullable<ReturnType<typeof positionEnd>>, string>> = {
  checkmate: "Checkmate",
  stalemate: "Stalemate",
  insufficient: "Draw: insufficient material",
};

/** "Best: 12. Nf3 Nc6 13. O-O" for the position `fen`, or what ends the game there. */
export function bestLineText(fen: string, pv: readonly string[]): string {
  const sans = pvToSan(fen, pv);
  if (sans.length > 0) return `Best: ${numberedLine(fen, sans)}`;
  const end = positionEnd(fen);
  return (end && END_TEXT[end]) ?? "No best line";
}

/** Names of a game's moves for tooltips: index i names move i ("1. e4", "1... e5"); index 0 is "Start". */
export function plyLabels(initialFen: string, sans: readonly string[]): string[] {
  return ["Start", ...numberMoves(initialFen, sans).map(moveLabel)];
}
