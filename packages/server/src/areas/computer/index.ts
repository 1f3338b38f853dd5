export { computerLevelOf, isComputerPresenceKey } from "./computerPlayers.ts";
export { type ComputerEngine, type ComputerService, createComputerService } from "./computerService.ts";
export { computerSocketEvents } from "./computerSocket.ts";
