import { type AccountStatus, HISTORY_PAGE, type HistoryRow, type RatingHistory, type Statistic } from "@chess/shared";
import { api, withQuery } from "../../lib/api.ts";
import type { ProfileVariant } from "./profileText.ts";

const enc = encodeURIComponent;

/** The public history calls of SPEC §7; each rejects with ApiRequestError (404 for an unknown player). */
export const profileApi = {
  /** GET /user/status/{username}: whether the account is closed. */
  status: (username: string, signal?: AbortSignal) => api.get<AccountStatus>(`/user/status/${enc(username)}`, signal),
  /** GET /history/list/{username}: one page of games, newest first; [] past the last page. */
  history: (username: string, gameVariant: ProfileVariant, pageNo: number, signal?: AbortSignal) =>
    api.get<HistoryRow[]>(
      withQuery(`/history/list/${enc(username)}`, { limit: HISTORY_PAGE, gameVariant, pageNo }),
      signal,
    ),
  /** GET /history/stats/{username}: one statistic per time variant. */
  stats: (username: string, gameVariant: ProfileVariant, signal?: AbortSignal) =>
    api.get<Statistic[]>(withQuery(`/history/stats/${enc(username)}`, { gameVariant }), signal),
  /** GET /history/ratings/{username}: the rating after each rated game, per time variant. */
  ratings: (username: string, gameVariant: ProfileVariant, signal?: AbortSignal) =>
    api.get<RatingHistory>(withQuery(`/history/ratings/${enc(username)}`, { gameVariant }), signal),
};

export type ProfileApi = typeof profileApi;

/** The .pgn download of one game. */
export function pgnHref(gameId: string): string {
  return `/history/${enc(gameId)}/pgn`;
}
