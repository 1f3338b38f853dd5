import {
  type AnalysisEntry,
  JUDGEMENT_INFO,
  JUDGEMENT_THRESHOLDS,
  JUDGEMENTS,
  judgeEntries,
  MOVE_QUALITIES,
  MOVE_QUALITY_INFO,
  type MoveQuality,
} from "@chess/shared";
import { browserStorage } from "../../lib/browserStorage.ts";
import type { PlayedMove } from "../board/index.ts";
import { moveQualities } from "./moveQualities.ts";

/** Which move marks the page shows: lichess's judgements (Win% drops) or the spec's six tiers. Pure. */

export const MARK_MODES = ["lichess", "tiers"] as const;
export type MarkMode = (typeof MARK_MODES)[number];

/** The marks a mode can give, best first; lichess gives only the three bad ones. */
export const MARKS_OF: Record<MarkMode, readonly MoveQuality[]> = {
  lichess: JUDGEMENTS,
  tiers: MOVE_QUALITIES,
};

export const MARK_MODE_TITLE: Record<MarkMode, string> = {
  lichess: "lichess",
  tiers: "Six tiers",
};

/** The marks drawn on the board, the list and the chart: a mark worse than "alright" deserves attention. */
export const BAD_MARKS: ReadonlySet<MoveQuality> = new Set(["inaccuracy", "mistake", "blunder"]);

/** A move as UCI ("e2e4", "e7e8q"). */
export const uciOf = (m: Pick<PlayedMove, "from" | "to" | "promotion">): string =>
  `${m.from}${m.to}${m.promotion ?? ""}`;

/**
 * Index i: the mark of move i in `mode` (index 0 null). lichess marks come from the server's `judgement`,
 * or are worked out here from the evals when an answer carries none.
 */
export function gameMarks(
  entries: readonly AnalysisEntry[],
  plies: ReadonlyArray<Pick<PlayedMove, "from" | "to" | "promotion">>,
  mode: MarkMode,
): Array<MoveQuality | null> {
  if (mode === "tiers") return moveQualities(entries);
  const judged = entries.every((e, i) => i === 0 || e.judgement !== undefined)
    ? entries
    : judgeEntries(entries, plies.map(uciOf));
  return judged.map((e, i) => (i === 0 ? null : (e.judgement ?? null)));
}

export type MarkCounts = Record<"w" | "b", Partial<Record<MoveQuality, number>>>;

/** How many moves of each mark each side played (every mark of the mode present, zero included). */
export function markCounts(
  marks: ReadonlyArray<MoveQuality | null>,
  entries: readonly AnalysisEntry[],
  mode: MarkMode,
): MarkCounts {
  const zero = () => Object.fromEntries(MARKS_OF[mode].map((m) => [m, 0])) as Partial<Record<MoveQuality, number>>;
  const counts: MarkCounts = { w: zero(), b: zero() };
  marks.forEach((mark, i) => {
    const mover = entries[i - 1]?.turn;
    if (mark && mover) counts[mover][mark] = (counts[mover][mark] ?? 0) + 1;
  });
  return counts;
}

/** The rules of a mode in words, one line per mark, worst first: what the player reads under "Thresholds". */
export function thresholdLines(mode: MarkMode): string[] {
  if (mode === "lichess") {
    return [...JUDGEMENTS].reverse().map((j) => {
      const t = JUDGEMENT_THRESHOLDS[j];
      return `${JUDGEMENT_INFO[j].symbol} ${JUDGEMENT_INFO[j].title}: the mover's Win% drops by ${t.winPercent} points or more (winning chances −${t.chances.toFixed(1)})`;
    });
  }
  const tiers: Array<[MoveQuality, string]> = [
    ["blunder", "over 50"],
    ["mistake", "over 35"],
    ["inaccuracy", "over 20"],
    ["alright", "over 10"],
    ["good", "over 5"],
    ["best", "5 or less"],
  ];
  return tiers.map(([q, drop]) => `${MOVE_QUALITY_INFO[q].symbol} ${MOVE_QUALITY_INFO[q].title}: a drop of ${drop}`);
}

/** The note under a mode's thresholds. */
export const THRESHOLD_NOTES: Record<MarkMode, string> = {
  lichess:
    "As on lichess.org: Win% = 50 + 50 × (2 / (1 + e^(−0.00368 × centipawns)) − 1). The engine's own first choice is never marked; allowing a forced mate is a blunder, or less when already lost.",
  tiers:
    "The site's own scale: the drop of the mover's eval percent, 20 per pawn up to one pawn, then 20 + 15 × log2(pawns), mates near 100.",
};

const STORAGE_KEY = "analysisMarks";

/** The mode this browser chose last; the spec's six tiers by default. */
export function storedMarkMode(storage: Pick<Storage, "getItem"> | undefined = browserStorage()): MarkMode {
  const value = storage?.getItem(STORAGE_KEY);
  return value === "lichess" ? "lichess" : "tiers";
}

export function storeMarkMode(mode: MarkMode, storage: Pick<Storage, "setItem"> | undefined = browserStorage()): void {
  try {
    storage?.setItem(STORAGE_KEY, mode);
  } catch {
    // private mode or a full storage: the choice lasts for the page only
  }
}
