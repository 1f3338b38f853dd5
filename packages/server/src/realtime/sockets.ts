import type { Actor, ActorId, ClientToServerEvents, ServerToClientEvents } from "@chess/shared";
import type { Server, Socket } from "socket.io";

/**
 * What the connection layer knows of a socket's owner: who acts, with the client's address as it came (the
 * proxy's first hop under TRUST_PROXY; limits count its `addressKey`). Nothing of chess.
 */
export type SocketOwner = Actor & { address: string };

/** The parts of a handshake an identity is read from. */
export interface Handshake {
  sessionId: string | undefined;
  cookieHeader: string | undefined;
  address: string;
}

/** A refusal of the handshake whose message the client may show (e.g. too many new guests from one address). */
export class HandshakeRefused extends Error {}

/** Per-socket data: the owner, and the clubs it belongs to once an area looked them up. */
export interface SocketData {
  owner: SocketOwner;
  clubIds?: number[];
  /** Accounts this socket's account blocked or is blocked by: the lobby shows none of their offers. */
  blockedEitherWay?: number[];
  /** The lobby watcher asked for changes rather than whole lists. */
  lobbyChanges?: boolean;
  /** The socket shows its player's board (boards.ts); counted in `seats`. */
  seated?: boolean;
}
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Room names used to reach every socket of a session or of an account. */
export const rooms = {
  session: (sessionId: string) => `session:${sessionId}`,
  user: (userId: number) => `user:${userId}`,
  /** Every socket of a player: their account's, else their guest session's (the rooms beside actorKey). */
  player: (p: ActorId) => (p.userId !== null ? `user:${p.userId}` : `session:${p.sessionId}`),
};
