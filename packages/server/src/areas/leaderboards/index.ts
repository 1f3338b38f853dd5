export { createLeaderboardsRepo } from "./leaderboardsRepo.ts";
export { registerLeaderboardsRoutes } from "./leaderboardsRoutes.ts";
