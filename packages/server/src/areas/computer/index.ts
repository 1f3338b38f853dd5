export { computerModule } from "./computerModule.ts";
export { computerLevelOf } from "./computerPlayers.ts";
export { computerSocketEvents } from "./computerSocket.ts";
