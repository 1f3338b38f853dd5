export { createClubsRepo } from "./clubsRepo.ts";
export { registerClubsRoutes } from "./clubsRoutes.ts";
export { type ClubsService, createClubsService } from "./clubsService.ts";
export { clubsBroadcaster, clubsSocketEvents } from "./clubsSocket.ts";
