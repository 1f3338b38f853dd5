import { evalPercent, scoreOf } from "@chess/shared";

/** How evaluations read on the page (SPEC §9: centipawns are divided by 100). Pure. */

/** The server's eval of a checkmated position (±10000 cp): the game is over, not "+100.0". */
export const MATED_CP = 10_000;

/** Whether `e` is the eval of a checkmated position. */
export function isMatedEval(e: number | string): boolean {
  return typeof e === "number" && Math.abs(e) >= MATED_CP;
}

/**
 * 35 → "+0.4" (pawns, `digits` decimals), -120 → "-1.2", 0 → "0.0", "#3" → "#3", "#-2" → "#-2",
 * a checkmated position → "1-0" / "0-1".
 */
export function formatEval(e: number | string, digits = 1): string {
  const score = scoreOf(e);
  if ("mate" in score) return `#${score.mate}`;
  if (isMatedEval(score.cp)) return score.cp > 0 ? "1-0" : "0-1";
  const pawns = score.cp / 100;
  const text = Math.abs(pawns).toFixed(digits);
  if (Number(text) === 0) return (0).toFixed(digits);
  return `${pawns > 0 ? "+" : "-"}${text}`;
}

/**
 * The eval as the narrow bar shows it, in at most 3 characters, the side shown by where it sits: 35 → "0.3",
 * -120 → "1.2", 1049 → "10", "#7" → "M7", "#-12" → "M12", a checkmated position → "1-0" / "0-1".
 */
export function formatBarEval(e: number | string): string {
  const score = scoreOf(e);
  if ("mate" in score) return `M${Math.abs(score.mate)}`;
  if (isMatedEval(score.cp)) return score.cp > 0 ? "1-0" : "0-1";
  const pawns = Math.abs(score.cp) / 100;
  const text = pawns.toFixed(1);
  return Number(text) >= 10 ? String(Math.min(99, Math.round(pawns))) : text;
}

/** White's share of the evaluation bar in percent: 50 + evalPercent / 2 (0: Black is winning outright). */
export function whiteShare(e: number | string): number {
  return Math.max(0, Math.min(100, 50 + evalPercent(scoreOf(e)) / 2));
}

/** Which side the eval favours (the bar's label sits at that side's end). */
export function favoured(e: number | string): "w" | "b" {
  const score = scoreOf(e);
  const value = "mate" in score ? score.mate : score.cp;
  return value < 0 ? "b" : "w";
}
