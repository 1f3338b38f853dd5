import type { ServerToClientEvents } from "@chess/shared";
import { type AppServer, rooms } from "../../realtime/sockets.ts";

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** The room of a daily game's followers (players and spectators who sent `followDaily`). */
export const dailyRoom = (gameId: string) => `daily:${gameId}`;
/** The room of the lobby's daily-offer followers. */
export const DAILY_OFFERS_ROOM = "daily:offers";

/**
 * How the daily area reaches people: Socket.IO rooms, which the Redis adapter carries to every node. A game's
 * news goes to its followers and to both players wherever they are on the site (one emit: a socket in both
 * rooms gets it once).
 */
export interface DailyNotifier {
  toGame<E extends EventName>(gameId: string, userIds: number[], event: E, payload: Payload<E>): void;
  toUser<E extends EventName>(userId: number, event: E, payload: Payload<E>): void;
  toOfferFollowers<E extends EventName>(event: E, payload: Payload<E>, alsoUsers?: number[]): void;
  /** A new public offer, to its followers but none of `exceptUsers` (those blocked either way by its owner). */
  offerAdded(payload: Payload<"dailyOfferAdded">, exceptUsers: number[]): void;
}

export function socketDailyNotifier(io: AppServer): DailyNotifier {
  return {
    toGame(gameId, userIds, event, payload) {
      // biome-ignore lint/suspicious/noExplicitAny: typed by the signature above
      (io.to([dailyRoom(gameId), ...userIds.map(rooms.user)]).emit as any)(event, payload);
    },
    toUser(userId, event, payload) {
      // biome-ignore lint/suspicious/noExplicitAny: typed by the signature above
      (io.to(rooms.user(userId)).emit as any)(event, payload);
    },
    toOfferFollowers(event, payload, alsoUsers = []) {
      // biome-ignore lint/suspicious/noExplicitAny: typed by the signature above
      (io.to([DAILY_OFFERS_ROOM, ...alsoUsers.map(rooms.user)]).emit as any)(event, payload);
    },
    offerAdded(payload, exceptUsers) {
      io.to(DAILY_OFFERS_ROOM).except(exceptUsers.map(rooms.user)).emit("dailyOfferAdded", payload);
    },
  };
}
