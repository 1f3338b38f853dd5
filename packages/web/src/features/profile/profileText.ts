import { formatTimeControl, type HistoryRow, TIME_CLASS_LABEL, UNLIMITED_LABEL, VARIANT_LABELS } from "@chess/shared";
import { shortDate } from "../../lib/dates.ts";
import { formatEloDelta } from "../../lib/ratingText.ts";

/** The variants a profile can be filtered by (SPEC §2: the game variant dropdown). */
export type ProfileVariant = "standard" | "jumpstart" | "fun";

export const VARIANT_OPTIONS: ReadonlyArray<{ value: ProfileVariant; label: string }> = [
  { value: "standard", label: "Standard" },
  { value: "jumpstart", label: "Jumpstart" },
  { value: "fun", label: VARIANT_LABELS.fun },
];

export type ResultKind = "win" | "loss" | "draw";

/** SPEC §3: result true is a win of username1, false a loss, anything else a draw. */
export function resultKind(result: boolean | null | undefined): ResultKind {
  if (result === true) return "win";
  if (result === false) return "loss";
  return "draw";
}

/** The accessible text of a result icon: "Win", "Loss", "Draw". */
export const RESULT_LABEL: Record<ResultKind, string> = { win: "Win", loss: "Loss", draw: "Draw" };

/** Plies in a space-separated SAN string ("e4 e5 Nf3" → 3). */
export function plyCount(moves: string): number {
  return moves.split(/\s+/).filter((m) => m !== "" && !/^\d+\.+$/.test(m)).length;
}

/** Full moves as a chess player counts them: ceil(plies / 2) ("e4 e5 Nf3" → 2). */
export function moveCount(moves: string): number {
  return Math.ceil(plyCount(moves) / 2);
}

/** A winrate fraction as a rounded percentage: 0.666 → "67%"; NaN or missing → "0%". */
export function formatWinrate(fraction: number): string {
  const value = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
  return `${Math.round(value * 100)}%`;
}

/** A rating change with its sign: 8 → "+8", -8 → "−8", 0 → "±0" (as the game page writes it), unrated → "–". */
export function formatEloChange(change: number | null): string {
  return change === null ? "–" : formatEloDelta(change);
}

/** "up" | "down" | "none": colours a rating change. */
export function eloTrend(change: number | null): "up" | "down" | "none" {
  if (change === null || Math.round(change) === 0) return "none";
  return change > 0 ? "up" : "down";
}

/** When a game ended ("3 Mar 2025", lib/dates.ts); "–" when unknown. */
export function formatDate(endedAt: number | null): string {
  if (endedAt === null || !Number.isFinite(endedAt)) return "–";
  return shortDate(endedAt);
}

/** Up to two initials: "magnus_carlsen" → "MC", "alice" → "AL", "" → "?". */
export function initials(username: string): string {
  const words = username
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const first = words[0];
  if (!first) return "?";
  const second = words[1];
  const letters = second ? [...first][0]! + [...second][0]! : [...first].slice(0, 2).join("");
  return letters.toUpperCase();
}

/** A stable hue (0..359) per name, so a player's initials always sit on the same colour. */
export function avatarHue(username: string): number {
  let hash = 0;
  for (const char of username.toLowerCase()) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return hash;
}

/** The route state /analysis expects (SPEC §2), from a history row seen from username1's side. */
export function analysisState(row: HistoryRow) {
  return {
    moves: row.moves.split(/\s+/).filter(Boolean),
    initialFen: row.initialFen,
    playerColor: row.player1Color,
    gameId: row.gameId,
    opponent: row.username2,
  };
}

/** The URL of a game's analysis page. */
export function analysisHref(gameId: string): string {
  return `/analysis?gameId=${encodeURIComponent(gameId)}`;
}

/** Usernames compare case-insensitively (own profile detection). */
export function sameUser(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.toLowerCase() === b.toLowerCase();
}

/** "Blitz 3+2", "Daily 3 days" (days per move, not minutes), or "Unlimited" for a game without a clock. */
export function speedLabel(
  row: Pick<HistoryRow, "timeVariant" | "baseTime" | "increment" | "untimed" | "daysPerMove">,
) {
  if (row.untimed) return UNLIMITED_LABEL;
  if (row.timeVariant === "daily") {
    const days = row.daysPerMove ?? Math.round(row.baseTime / 1440);
    return `${TIME_CLASS_LABEL.daily} ${days} ${days === 1 ? "day" : "days"}`;
  }
  return `${TIME_CLASS_LABEL[row.timeVariant]} ${formatTimeControl(row)}`;
}
