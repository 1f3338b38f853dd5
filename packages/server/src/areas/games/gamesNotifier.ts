import type { ServerToClientEvents } from "@chess/shared";
import { type AppServer, rooms } from "../../realtime/sockets.ts";
import type { PlayerRef } from "./gameRound.ts";

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** How the games area reaches players and watchers; Socket.IO rooms underneath. */
export interface GameNotifier {
  toPlayer<E extends EventName>(player: PlayerRef, event: E, payload: Payload<E>): void;
  toGame<E extends EventName>(gameId: string, event: E, payload: Payload<E>): void;
  /** Puts every socket of the player in the game's room. */
  joinGame(player: PlayerRef, gameId: string): void;
  /** Drops this node's sockets following the game, so they reconnect to whichever node holds it now. */
  reconnect(gameId: string): void;
}

export const gameRoom = (gameId: string) => `game:${gameId}`;

export function socketNotifier(io: AppServer): GameNotifier {
  return {
    toPlayer(player, event, payload) {
      // biome-ignore lint/suspicious/noExplicitAny: typed by the signature above
      (io.to(rooms.player(player)).emit as any)(event, payload);
    },
    toGame(gameId, event, payload) {
      // biome-ignore lint/suspicious/noExplicitAny: typed by the signature above
      (io.to(gameRoom(gameId)).emit as any)(event, payload);
    },
    joinGame(player, gameId) {
      io.in(rooms.player(player)).socketsJoin(gameRoom(gameId));
    },
    reconnect(gameId) {
      // Their connections close as after a network drop: any Socket.IO client reconnects by itself, through
      // the load balancer. A server disconnect would keep the connection, so a client that does reconnect by
      // hand comes back to this same node, and one that does not stays off.
      const ns = io.of("/");
      for (const id of ns.adapter.rooms.get(gameRoom(gameId)) ?? []) ns.sockets.get(id)?.conn.close();
    },
  };
}
