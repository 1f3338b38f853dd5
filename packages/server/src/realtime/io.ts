import type { Server as HttpServer, IncomingMessage } from "node:http";
import { type Actor, actorKey } from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import { Server } from "socket.io";
import { addressKey } from "../http/addressKey.ts";
import { isAllowedOrigin } from "../http/origin.ts";
import { boardSocketEvents, seatedAtConnect } from "./boards.ts";
import { CONNECT_REFUSALS, ConnectLimiter, type ConnectLimits } from "./connectLimiter.ts";
import { dispatchEvents, type SocketEvent, type SocketEvents } from "./handlers.ts";
import { type Departure, PING_TIMEOUT_MS, Presence } from "./presence.ts";
import { type AppServer, type AppSocket, type Handshake, HandshakeRefused, rooms } from "./sockets.ts";
import { spreadingAdapter } from "./spreadBroadcasts.ts";
import { batchTurnWrites } from "./turnWrites.ts";

type Identify = (handshake: Handshake) => Promise<Actor>;

export interface RealtimeOptions {
  publicOrigin: string | undefined;
  /** Behind a reverse proxy: the client's address is the first hop of X-Forwarded-For. */
  trustProxy: boolean;
  /** New connections per client address (a token bucket) and connections held open, on this node. */
  connectLimits: Omit<ConnectLimits, "maxAddresses">;
  logger: FastifyBaseLogger;
}

/**
 * Addresses whose connection allowance is remembered (about 100 bytes each). More than this many addresses
 * within one refill period is a distributed flood that per-address limits cannot stop anyway.
 */
const MAX_LIMITED_ADDRESSES = 100_000;

/** The client's address a trusted proxy put in X-Forwarded-For, if any. */
function forwardedAddress(headers: Record<string, string | string[] | undefined>): string | undefined {
  const forwarded = headers["x-forwarded-for"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  return first ? first.slice(0, 64) : undefined;
}

/** The address a handshake came from, as Fastify's `req.ip` reads it with the same trustProxy setting. */
export function clientAddress(
  handshake: { address: string; headers: Record<string, string | string[] | undefined> },
  trustProxy: boolean,
): string {
  return (trustProxy ? forwardedAddress(handshake.headers) : undefined) ?? handshake.address;
}

/**
 * The limit key (`addressKey`) of a raw HTTP request's `clientAddress`, as Socket.IO's handshake would read it.
 * The socket's peer is read only when no trusted proxy named the client: each read is a system call
 * (getpeername), a quarter of what a refused connection cost the server in a handshake storm.
 */
function requestNetwork(req: IncomingMessage, trustProxy: boolean): string {
  return addressKey((trustProxy ? forwardedAddress(req.headers) : undefined) ?? req.socket.remoteAddress ?? "");
}

/**
 * Socket.IO on the HTTP server: origin check and per-address connection limits before the handshake,
 * identity at handshake, rooms per session and user.
 */
export function createRealtime(httpServer: HttpServer, opts: RealtimeOptions) {
  const limiter = new ConnectLimiter({ ...opts.connectLimits, maxAddresses: MAX_LIMITED_ADDRESSES });
  const io: AppServer = new Server(httpServer, {
    serveClient: false,
    // One node's adapter; with Redis, core.ts puts the cluster one in its place (spread the same way).
    adapter: spreadingAdapter(),
    maxHttpBufferSize: 16 * 1024,
    // A dead connection is noticed within 5-10 s: its player's opponent sees the countdown about as soon as
    // on lichess (REFERENCE: ~5 s), not 20 s on. A ping is a few bytes each way.
    pingInterval: 5_000,
    pingTimeout: PING_TIMEOUT_MS,
    // Runs on the handshake's first request only, before engine.io sets anything up: a refused storm costs
    // a header read and a map lookup each. The refusal is the body of the HTTP 403 (polling) or 400 (websocket).
    allowRequest(req, callback) {
      if (!isAllowedOrigin(req.headers.origin, req.headers.host, opts.publicOrigin)) {
        return callback("Cross-origin connection refused", false);
      }
      const admission = limiter.admit(requestNetwork(req, opts.trustProxy));
      if (!admission.ok) return callback(CONNECT_REFUSALS[admission.reason], false);
      callback(null, true);
    },
  });
  io.engine.on("connection", (conn: { request: IncomingMessage; once(event: "close", f: () => void): void }) => {
    const network = requestNetwork(conn.request, opts.trustProxy);
    limiter.opened(network);
    conn.once("close", () => limiter.closed(network));
    batchTurnWrites(conn);
  });

  /** Who a handshake is: set by the area that keeps sessions (accounts), before the node listens. */
  let identify: Identify | undefined;
  io.use((socket, next) => {
    const auth = socket.handshake.auth as { sessionId?: unknown } | undefined;
    const sessionId = typeof auth?.sessionId === "string" ? auth.sessionId : undefined;
    const address = clientAddress(socket.handshake, opts.trustProxy);
    if (!identify) return next(new Error("The site is briefly unavailable"));
    identify({ sessionId, cookieHeader: socket.handshake.headers.cookie, address })
      .then((owner) => {
        socket.data.owner = { ...owner, address };
        next();
      })
      .catch((error: unknown) => {
        if (error instanceof HandshakeRefused) return next(error);
        opts.logger.error({ err: error }, "socket identification failed");
        next(new Error("The site is briefly unavailable"));
      });
  });

  const connectHooks: Array<(socket: AppSocket) => void> = [];
  const events = new Map<string, SocketEvent>();
  const presence = new Presence();
  /** Who is at their game's board: a socket that shows it, or one whose client never says (boards.ts). */
  const seats = new Presence();
  const counters = { unknownEvents: 0, throttled: 0 };
  for (const [name, entry] of Object.entries(boardSocketEvents(seats))) if (entry) events.set(name, entry);

  io.on("connection", (socket) => {
    const { owner } = socket.data;
    dispatchEvents(socket, events, counters, opts.logger);
    void socket.join(rooms.session(owner.sessionId));
    if (owner.userId !== null) void socket.join(rooms.user(owner.userId));
    socket.emit("session", { sessionId: owner.sessionId, username: owner.username, isGuest: owner.isGuest });
    for (const hook of connectHooks) hook(socket);
    const key = actorKey(owner);
    presence.connected(key);
    socket.data.seated = seatedAtConnect(socket.handshake.auth);
    if (socket.data.seated) seats.connected(key);
    // A client that says goodbye (a closed tab) has left; a connection that breaks is lost, one that went
    // silent (its ping unanswered) was lost for seconds already.
    socket.on("disconnect", (reason) => {
      const departure: Departure =
        reason === "client namespace disconnect" ? "left" : reason === "ping timeout" ? "silent" : "lost";
      presence.disconnected(key, departure);
      if (socket.data.seated) seats.disconnected(key, departure);
    });
  });

  return {
    io,
    presence,
    seats,
    counters,
    /** How a handshake becomes a socket's owner: the accounts area says, once. */
    identifyWith(how: Identify) {
      identify = how;
    },
    /** Each area adds its client events here, once for all sockets. */
    addEvents(table: SocketEvents) {
      for (const [name, entry] of Object.entries(table)) {
        if (events.has(name)) throw new Error(`Socket event ${name} is handled twice`);
        if (entry) events.set(name, entry);
      }
    },
    /** Runs for each new socket, after it joined its session's and account's rooms. */
    onConnection(hook: (socket: AppSocket) => void) {
      connectHooks.push(hook);
    },
    /** Drops every socket of a session, e.g. after logout, so it reconnects under its new identity. */
    disconnectSession(sessionId: string) {
      io.in(rooms.session(sessionId)).disconnectSockets(true);
    },
    /**
     * Closes this node's connections (not the cluster's) as a dropped network would, so that every Socket.IO
     * client reconnects by itself, to whichever node answers: a server disconnect would stop a client that
     * does not handle it. What was sent before in this turn still goes out first (turnWrites.ts). The HTTP
     * server itself is closed by its owner.
     */
    close(): void {
      io.engine.close();
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;
