import { CLUB_MESSAGES, clubLeaderboardQuery, LEADERBOARD_PAGE, leaderboardQuery } from "@chess/shared";
import type { FastifyInstance } from "fastify";
import { notFound, parseInput } from "../../http/errors.ts";
import type { RequestAuth } from "../accounts/index.ts";
import type { ClubBattles } from "../tournaments/index.ts";
import { leaderboardJson, overviewJson } from "./leaderboardsJson.ts";
import type { LeaderboardsService } from "./leaderboardsService.ts";

export function registerLeaderboardsRoutes(
  app: FastifyInstance,
  deps: {
    service: LeaderboardsService;
    auth: RequestAuth;
    isClubMember: (clubId: number, userId: number) => Promise<boolean>;
    battles: ClubBattles;
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
    const [page, clubBattles] = await Promise.all([service.clubPage(q), deps.battles.ofClub(q.clubId)]);
    return { ...leaderboardJson(page, q.pageNo, LEADERBOARD_PAGE), clubBattles };
  });
}
