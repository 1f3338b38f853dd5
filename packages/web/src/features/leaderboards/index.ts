export { LeaderboardsView } from "./LeaderboardsView.tsx";
export { type LeaderboardsApi, leaderboardsApi } from "./leaderboardsApi.ts";
