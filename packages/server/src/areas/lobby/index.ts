export { challengeSocketEvents } from "./lobbyChallenges.ts";
export { type LobbyOffers, lobbyModule } from "./lobbyModule.ts";
export { lobbySocketEvents } from "./lobbySocket.ts";
export type { StoredOffer } from "./lobbyStore.ts";
