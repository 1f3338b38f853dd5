export {
  clubMatchBoards,
  clubMatchScore,
  type MatchGame,
  type MatchScore,
  type RosterPlayer,
} from "./clubMatchBoards.ts";
export { clubMatchesModule } from "./clubMatchesModule.ts";
