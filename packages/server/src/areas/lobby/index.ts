export { createLobbyService, LOBBY_ROOM, type LobbyService } from "./lobbyService.ts";
export { registerLobbySocket } from "./lobbySocket.ts";
export { type LobbyStore, MemoryLobbyStore } from "./lobbyStore.ts";
