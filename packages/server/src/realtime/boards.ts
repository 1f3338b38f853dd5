import { actorKey, boardPayload } from "@chess/shared";
import { type SocketEvents, socketEvent } from "./handlers.ts";
import type { Presence } from "./presence.ts";
import type { AppSocket } from "./sockets.ts";

/**
 * Whether a new socket is at its player's board: unless its handshake says it shows none (`auth.board: null`,
 * what the web sends from any page but its game's). A client that does not say (the spec's) is.
 */
export function seatedAtConnect(auth: unknown): boolean {
  return !(typeof auth === "object" && auth !== null && "board" in auth && auth.board === null);
}

/**
 * board {gameId}: the socket now shows its player's board, or no board (another page). `seats` counts the
 * sockets at a board per person, as Presence counts connections: leaving the last board is a goodbye.
 */
export function boardSocketEvents(seats: Presence): SocketEvents {
  return {
    board: socketEvent(boardPayload, (socket: AppSocket, { gameId }) => {
      const seated = gameId !== null;
      if (socket.data.seated === seated) return { ok: true };
      socket.data.seated = seated;
      const key = actorKey(socket.data.owner);
      if (seated) seats.connected(key);
      else seats.disconnected(key, "left");
      return { ok: true };
    }),
  };
}
