import type { Variant, WatchList } from "@chess/shared";
import { api, withQuery } from "../../lib/api.ts";

/** GET /watch/games: a page of the live games, best first; rejects with ApiRequestError. */
export const watchApi = {
  games: (q: { variant?: Variant; cursor?: string; limit?: number }, signal?: AbortSignal) =>
    api.get<WatchList>(withQuery("/watch/games", q), signal),
};

export type WatchApi = typeof watchApi;
