/**
 * A rating change as the site writes it everywhere (the game's panel, its result, a profile's history):
 * "+10", "−10" with a real minus sign, "±0"; whole points.
 */
export function formatEloDelta(delta: number): string {
  const rounded = Math.round(delta);
  if (rounded === 0) return "±0";
  return rounded > 0 ? `+${rounded}` : `\u2212${Math.abs(rounded)}`;
}
