export { createFriendsRepo } from "./friendsRepo.ts";
export { registerFriendsRoutes } from "./friendsRoutes.ts";
export { createFriendsService, type FriendsService } from "./friendsService.ts";
export { friendsBroadcaster, friendsSocketEvents } from "./friendsSocket.ts";
