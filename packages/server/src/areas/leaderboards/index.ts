export { leaderboardsModule } from "./leaderboardsModule.ts";
