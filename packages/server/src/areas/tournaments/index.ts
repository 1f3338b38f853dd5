export { type ArenaPlayers, type ClubBattles, type TournamentsModule, tournamentsModule } from "./tournamentsModule.ts";
/** The event table alone, for the protocol catalogue's test. */
export { tournamentsSocketEvents } from "./tournamentsSocket.ts";
