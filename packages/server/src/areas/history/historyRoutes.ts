import { gameIdParams, gameVariantQuery, historyListQuery, usernameParams } from "@chess/shared";
import type { FastifyInstance } from "fastify";
import { notFound, parseInput } from "../../http/errors.ts";
import { gamePgn, historyRowJson, ratingHistoryJson, statisticsJson } from "./historyJson.ts";
import type { HistoryRepo } from "./historyRepo.ts";

const UNKNOWN = "No player with that username";

/** Public history and statistics of a player (SPEC §7: no credentials needed). */
export function registerHistoryRoutes(
  app: FastifyInstance,
  deps: { repo: HistoryRepo; siteUrl: (host?: string) => string },
) {
  const { repo } = deps;

  app.get("/history/list/:username", async (req) => {
    const { username } = parseInput(usernameParams, req.params);
    const q = parseInput(historyListQuery, req.query);
    const user = await repo.user(username);
    if (!user) throw notFound(UNKNOWN);
    const rows = await repo.games(user.id, q.gameVariant, q.limit, (q.pageNo - 1) * q.limit);
    return rows.map((g) => historyRowJson(g, user.id));
  });

  app.get("/history/stats/:username", async (req) => {
    const { username } = parseInput(usernameParams, req.params);
    const { gameVariant } = parseInput(gameVariantQuery, req.query);
    const user = await repo.user(username);
    if (!user) throw notFound(UNKNOWN);
    return statisticsJson(await repo.ratings(user.id, gameVariant));
  });

  app.get("/history/ratings/:username", async (req) => {
    const { username } = parseInput(usernameParams, req.params);
    const { gameVariant } = parseInput(gameVariantQuery, req.query);
    const user = await repo.user(username);
    if (!user) throw notFound(UNKNOWN);
    return ratingHistoryJson(await repo.ratedGames(user.id, gameVariant), user.id);
  });

  app.get("/history/:gameId/pgn", async (req, reply) => {
    const { gameId } = parseInput(gameIdParams, req.params);
    const game = await repo.game(gameId);
    if (!game) throw notFound("Game not found");
    return reply
      .header("content-type", "application/x-chess-pgn; charset=utf-8")
      .header("content-disposition", `attachment; filename="game-${game.id}.pgn"`)
      .send(gamePgn(game, deps.siteUrl(req.headers.host)));
  });
}
