export type { PlayerRef } from "./gameRound.ts";
export { type GameNotifier, gameRoom, socketNotifier } from "./gamesNotifier.ts";
export { createGamesRepo, type GamesRepo } from "./gamesRepo.ts";
export { registerGamesRoutes } from "./gamesRoutes.ts";
export { type Actor, createGamesService, type GamesService } from "./gamesService.ts";
export { registerGamesSocket } from "./gamesSocket.ts";
export { createRematches, type Rematches } from "./rematches.ts";
