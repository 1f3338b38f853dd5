import { watchGamesQuery } from "@chess/shared";
import type { FastifyInstance } from "fastify";
import { parseInput } from "../../http/errors.ts";
import type { WatchFeed } from "./watchFeed.ts";

/** The live games to watch: public, like the games themselves. */
export function registerWatchRoutes(app: FastifyInstance, deps: { feed: WatchFeed }) {
  app.get("/watch/games", async (req) => {
    const q = parseInput(watchGamesQuery, req.query);
    return deps.feed.page(q);
  });
}
