export { type Blocks, type Challengeable, type FriendsModule, friendsModule } from "./friendsModule.ts";
export { friendsSocketEvents } from "./friendsSocket.ts";
