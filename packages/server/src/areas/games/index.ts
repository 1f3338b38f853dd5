export type { EndingGame, Result } from "./gameFinisher.ts";
export type { PlayerRef } from "./gameRound.ts";
export {
  type FinishOutcome,
  type GameFinisher,
  type GamePlay,
  type GameRecords,
  type GamesModule,
  gamesModule,
} from "./gamesModule.ts";
/** The event table alone, for the protocol catalogue's test. */
export { gamesSocketEvents } from "./gamesSocket.ts";
/** How a stored move's clock is read: the watch list reads the games' moves too. */
export { clockOfMove, type MoveClock, turnOfFen, withMoveClock } from "./moveClock.ts";
