import type { Range } from "@chess/shared";

/** Rounds to the slider's grid (0.2 steps read back as 0.6000000000000001 otherwise). */
function snap(value: number, step: number): number {
  return Number((Math.round(value / step) * step).toFixed(2));
}

/**
 * Moves one end of a dual-range slider to `value`: on the step grid, inside the bounds, and never past the
 * other end, so the lower end stays ≤ the upper one. Pure; shared by Create Game and the free board.
 */
export function moveRangeEnd(
  range: Range,
  end: "min" | "max",
  value: number,
  bounds: { min: number; max: number; step: number },
): Range {
  if (!Number.isFinite(value)) return range;
  const v = Math.min(bounds.max, Math.max(bounds.min, snap(value, bounds.step)));
  return end === "min"
    ? { min: Math.min(v, range.max), max: range.max }
    : { min: range.min, max: Math.max(v, range.min) };
}
