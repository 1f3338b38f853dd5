import {
  type AnalysisEntry,
  divideGame,
  gameAccuracy,
  MOVE_QUALITIES,
  type MoveQuality,
  moveQuality,
  type PhaseAccuracy,
  phaseAccuracy,
  type Score,
  scoreOf,
} from "@chess/shared";

/** Move-quality ratings of a whole game from its analysis entries (SPEC §4, §9). Pure. */

export type Side = "w" | "b";
export type QualityCounts = Record<Side, Record<MoveQuality, number>>;

const scores = (entries: readonly AnalysisEntry[]): Score[] => entries.map((e) => scoreOf(e.eval));

/** Index i: the quality of move i (the move from position i-1 to i); index 0 is null (no move led there). */
export function moveQualities(entries: readonly AnalysisEntry[]): Array<MoveQuality | null> {
  const s = scores(entries);
  return entries.map((_entry, i) => {
    const before = s[i - 1];
    const mover = entries[i - 1]?.turn;
    return i === 0 || !before || !mover ? null : moveQuality(before, s[i] as Score, mover);
  });
}

/** How many moves of each quality each side played. */
export function qualityCounts(entries: readonly AnalysisEntry[]): QualityCounts {
  const zero = () => Object.fromEntries(MOVE_QUALITIES.map((q) => [q, 0])) as Record<MoveQuality, number>;
  const counts: QualityCounts = { w: zero(), b: zero() };
  moveQualities(entries).forEach((quality, i) => {
    const mover = entries[i - 1]?.turn;
    if (quality && mover) counts[mover][quality] += 1;
  });
  return counts;
}

/** Accuracy % per side in each phase of the game (`fens[i]`: position i). */
export function phaseAccuracies(entries: readonly AnalysisEntry[], fens: readonly string[]): PhaseAccuracy {
  return phaseAccuracy(scores(entries), divideGame(fens), entries[0]?.turn ?? "w");
}

/** Accuracy % per side (lichess method), null for a side that made no move. */
export function accuracies(entries: readonly AnalysisEntry[]): { w: number | null; b: number | null } {
  return gameAccuracy(scores(entries), entries[0]?.turn ?? "w");
}
