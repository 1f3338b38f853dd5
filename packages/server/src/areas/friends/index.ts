export { type Blocks, type Challengeable, type FriendsModule, friendsModule } from "./friendsModule.ts";
export type { FriendUser } from "./friendsService.ts";
export { friendsSocketEvents } from "./friendsSocket.ts";
