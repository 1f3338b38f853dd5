import { CLUB_MESSAGES, clubLeaderboardQuery, LEADERBOARD_PAGE, leaderboardQuery } from "@chess/shared";
import type { FastifyInstance } from "fastify";
import { notFound, parseInput } from "../../http/errors.ts";
import type { RequestAuth } from "../accounts/index.ts";
import { leaderboardJson, overviewJson } from "./leaderboardsJson.ts";
import type { LeaderboardsService } from "./leaderboardsService.ts";

export function registerLeaderboardsRoutes(
  app: FastifyInstance,
  deps: {
    service: LeaderboardsService;
    auth: RequestAuth;
    isClubMember: (clubId: number, userId: number) => Promise<boolean>;
  },
) {
  const { service, auth } = deps;

  app.get("/leaderboard", async (req) => {
    const q = parseInput(leaderboardQuery, req.query);
    return leaderboardJson(await service.page(q), q.pageNo, LEADERBOARD_PAGE);
  });

  app.get("/leaderboard/overview", async () => overviewJson(await service.overview()));

  app.get("/leaderboard/club", async (req) => {
    const user = await auth.requireUser(req);
    const q = parseInput(clubLeaderboardQuery, req.query);
    if (!(await deps.isClubMember(q.clubId, user.userId))) throw notFound(CLUB_MESSAGES.unknownClub);
    return leaderboardJson(await service.clubPage(q), q.pageNo, LEADERBOARD_PAGE);
  });
}
