import type { Club, Leaderboard, LeaderboardOverview } from "@chess/shared";
import { api, withQuery } from "../../lib/api.ts";
import { type BoardRequest, leaderboardQuery } from "./leaderboardsStore.ts";

/** SPEC §7 leaderboard calls; each rejects with ApiRequestError. */
export const leaderboardsApi = {
  /** GET /leaderboard or /leaderboard/club (members only) for one page. */
  board: (request: Pick<BoardRequest, "filters" | "pageNo">, signal?: AbortSignal) => {
    const { path, query } = leaderboardQuery(request);
    return api.get<Leaderboard>(withQuery(path, query), signal);
  },
  /** GET /leaderboard/overview: every board's top players. */
  overview: (signal?: AbortSignal) => api.get<LeaderboardOverview>("/leaderboard/overview", signal),
  /** GET /club/list: the viewer's clubs for the Filter (401 for guests). */
  clubs: (signal?: AbortSignal) => api.get<Club[]>("/club/list", signal),
};

export type LeaderboardsApi = typeof leaderboardsApi;
