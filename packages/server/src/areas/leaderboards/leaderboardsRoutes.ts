import {
  CLUB_MESSAGES,
  clubLeaderboardQuery,
  LEADERBOARD_PAGE,
  type Leaderboard,
  leaderboardQuery,
} from "@chess/shared";
import type { FastifyInstance } from "fastify";
import { notFound, parseInput } from "../../http/errors.ts";
import type { RequestAuth } from "../accounts/index.ts";
import type { BoardPage, LeaderboardsRepo } from "./leaderboardsRepo.ts";

function leaderboardJson(page: BoardPage, pageNo: number): Leaderboard {
  const offset = (pageNo - 1) * LEADERBOARD_PAGE;
  return {
    rows: page.rows.map((r, i) => ({
      rank: offset + i + 1,
      username: r.username,
      elo: r.elo,
      avatarUrl: null,
      gamesPlayed: r.games,
    })),
    lastPage: Math.max(1, Math.ceil(page.total / LEADERBOARD_PAGE)),
  };
}

export function registerLeaderboardsRoutes(
  app: FastifyInstance,
  deps: {
    repo: LeaderboardsRepo;
    auth: RequestAuth;
    isClubMember: (clubId: number, userId: number) => Promise<boolean>;
  },
) {
  const { repo, auth } = deps;

  app.get("/leaderboard", async (req) => {
    const q = parseInput(leaderboardQuery, req.query);
    const page = await repo.global(q.gameVariant, q.timeVariant, LEADERBOARD_PAGE, (q.pageNo - 1) * LEADERBOARD_PAGE);
    return leaderboardJson(page, q.pageNo);
  });

  app.get("/leaderboard/club", async (req) => {
    const user = await auth.requireUser(req);
    const q = parseInput(clubLeaderboardQuery, req.query);
    if (!(await deps.isClubMember(q.clubId, user.userId))) throw notFound(CLUB_MESSAGES.unknownClub);
    const page = await repo.club(
      q.clubId,
      q.isClubElo,
      q.gameVariant,
      q.timeVariant,
      LEADERBOARD_PAGE,
      (q.pageNo - 1) * LEADERBOARD_PAGE,
    );
    return leaderboardJson(page, q.pageNo);
  });
}
