export { createLobbyService, LOBBY_ROOM, type LobbyChange, type LobbyService } from "./lobbyService.ts";
export { lobbyBroadcaster, lobbySocketEvents } from "./lobbySocket.ts";
export type { StoredOffer } from "./lobbyStore.ts";
export { type LobbyStore, MemoryLobbyStore } from "./lobbyStore.ts";
export { RedisLobbyStore } from "./redisLobbyStore.ts";
