import { TIME_CLASSES, type TimeClass } from "@chess/shared";
import { type BoardVariant, DEFAULT_FILTERS, type LeaderboardFilters, normalizeFilters } from "./leaderboardsStore.ts";

/** A full board as the address names it; null is the overview of every board. */
export interface BoardLocation {
  filters: LeaderboardFilters;
  pageNo: number;
}

const VARIANT_VALUES: readonly BoardVariant[] = ["standard", "jumpstart", "fun"];

/**
 * The address of a board, in the API's own words: `?gameVariant=standard&timeVariant=blitz&pageNo=2`
 * (+ `clubId` and `isClubElo` for a club's). Page 1 is left out.
 */
export function boardSearch({ filters, pageNo }: BoardLocation): string {
  const params = new URLSearchParams({ gameVariant: filters.variant, timeVariant: filters.timeClass });
  if (filters.clubId !== null) {
    params.set("clubId", String(filters.clubId));
    params.set("isClubElo", String(filters.eloType === "club"));
  }
  if (pageNo > 1) params.set("pageNo", String(pageNo));
  return `?${params}`;
}

/** The board an address names (values it does not know fall back to the defaults), or null for the overview. */
export function readBoardSearch(search: string): BoardLocation | null {
  const params = new URLSearchParams(search);
  const variant = params.get("gameVariant");
  const timeClass = params.get("timeVariant");
  if (variant === null && timeClass === null) return null;
  const clubId = Number(params.get("clubId"));
  const pageNo = Math.floor(Number(params.get("pageNo") ?? 1));
  return {
    filters: normalizeFilters({
      variant: VARIANT_VALUES.find((v) => v === variant) ?? DEFAULT_FILTERS.variant,
      timeClass: TIME_CLASSES.find((t): t is TimeClass => t === timeClass) ?? DEFAULT_FILTERS.timeClass,
      clubId: Number.isInteger(clubId) && clubId > 0 ? clubId : null,
      eloType: params.get("isClubElo") === "true" ? "club" : "global",
    }),
    pageNo: Number.isFinite(pageNo) && pageNo >= 1 ? pageNo : 1,
  };
}
