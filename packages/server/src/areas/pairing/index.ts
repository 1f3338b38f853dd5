export { createPairingService, type LiveGameCount, type PairingService, WAVE_MS } from "./pairingService.ts";
export { LOBBY_COUNTS_ROOM, lobbyCountsBroadcaster, pairingSocketEvents } from "./pairingSocket.ts";
export { MemoryPoolStore, type PoolStore } from "./pairingStore.ts";
export { RedisPoolStore } from "./redisPoolStore.ts";
