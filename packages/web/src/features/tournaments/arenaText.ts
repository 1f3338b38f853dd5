import {
  ARENA_RULE_TEXT,
  type ArenaSheetEntry,
  type ArenaSummary,
  BERSERK_TEXT,
  formatTimeControl,
  GAME_STAGES,
  HANDICAPS,
  TIME_CLASS_LABEL,
  VARIANT_LABELS,
} from "@chess/shared";

/** "4:05", "1:02:09": a countdown or the time left; never negative. */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** "in 5 minutes", "in 2 hours", "in 3 days": a coarse start time for a list (the page counts seconds). */
export function startsInText(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 1) return "in less than a minute";
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `in ${hours} hour${hours === 1 ? "" : "s"}`;
  return `in ${Math.round(hours / 24)} days`;
}

/** "Blitz 3+2". */
export function arenaClock(arena: Pick<ArenaSummary, "timeClass" | "baseTime" | "increment">): string {
  return `${TIME_CLASS_LABEL[arena.timeClass]} ${formatTimeControl(arena)}`;
}

/** "Standard", "Chess960", "Jumpstart · Middlegame, Uphill battle". */
export function arenaVariant(arena: Pick<ArenaSummary, "variant" | "jumpstart">): string {
  const label = VARIANT_LABELS[arena.variant];
  if (arena.variant !== "jumpstart" || !arena.jumpstart) return label;
  return `${label} · ${GAME_STAGES[arena.jumpstart.stage].label}, ${HANDICAPS[arena.jumpstart.balance].label}`;
}

/** "Blitz 3+2 · Rated · Standard · 45 min". */
export function arenaLine(arena: ArenaSummary): string {
  return [
    arenaClock(arena),
    arena.rated ? "Rated" : "Casual",
    arenaVariant(arena),
    `${arena.durationMinutes} min`,
  ].join(" · ");
}

/** Who may join, in words; empty when anyone may. */
export function conditionLines(
  arena: ArenaSummary,
  clubName: string | null,
  clubNames: Record<number, string> = {},
): string[] {
  const c = arena.conditions;
  const lines: string[] = [];
  if (arena.clubBattle) {
    const names = arena.clubBattle.clubIds.map((id) => clubNames[id]).filter(Boolean);
    lines.push(names.length > 0 ? `Club battle: members of ${names.join(", ")}` : "Club battle: members of its clubs");
  } else if (c.clubId !== undefined) lines.push(`Members of ${clubName ?? "the organising club"} only`);
  if (c.minRatedGames) lines.push(`At least ${c.minRatedGames} rated ${TIME_CLASS_LABEL[arena.timeClass]} games`);
  if (c.minRating !== undefined && c.maxRating !== undefined) lines.push(`Rating ${c.minRating}–${c.maxRating}`);
  else if (c.minRating !== undefined) lines.push(`Rating at least ${c.minRating}`);
  else if (c.maxRating !== undefined) lines.push(`Rating at most ${c.maxRating}`);
  return lines;
}

/** One game of a sheet as shown: its digit, whether it was on fire (lichess doubles those) and the words behind it. */
export interface SheetMark {
  gameId: string;
  points: number;
  fire: boolean;
  berserk: boolean;
  /** "Win on fire (after two wins in a row): 4 points · Berserk win of 14 plies or more: 1 more point". */
  text: string;
}

export function sheetMarks(sheet: readonly ArenaSheetEntry[]): SheetMark[] {
  return sheet.map((e) => ({
    gameId: e.gameId,
    points: e.points,
    fire: e.rule === "winOnFire" || e.rule === "drawOnFire",
    berserk: e.berserkBonus,
    text: e.berserkBonus ? `${ARENA_RULE_TEXT[e.rule]} · ${BERSERK_TEXT}` : ARENA_RULE_TEXT[e.rule],
  }));
}

/** "1st", "2nd", "3rd", "11th". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th"}`;
}

/** "12 players", "1 player". */
export const playersText = (n: number) => `${n} player${n === 1 ? "" : "s"}`;
