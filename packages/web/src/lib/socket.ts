import type { ClientToServerEvents, ServerToClientEvents, SessionEvent, SocketAuth } from "@chess/shared";
import { io, type Socket } from "socket.io-client";
import { connectRefusal } from "./connectRefusal.ts";
import { readSessionId, storeSessionId } from "./session.ts";

/** The typed realtime connection to our server. */
export type ChessSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: ChessSocket | undefined;
/** The game whose board this tab shows its player, or null on any other page (the `board` event). */
let board: string | null = null;
/** What the server was last told of it: by the handshake's auth, or a `board` event. */
let boardTold: string | null | undefined;
/** Why the server refused the last connection attempt, until one succeeds or fails for another reason. */
let refusal: string | undefined;
let detachFromWindow = () => {};

/** How long to wait before reconnecting after the server dropped us (e.g. a logout in another tab). */
const SERVER_DROP_RECONNECT_MS = 500;
/** After a refusal in the handshake, retries wait this long, doubling up to the most below, each ±25 %. */
export const REFUSED_RETRY_FIRST_MS = 2_000;
export const REFUSED_RETRY_MAX_MS = 30_000;

/** The one socket of the page, connected on first use and reused by every feature. */
export function getSocket(): ChessSocket {
  if (socket) return socket;
  const created: ChessSocket = io({
    // Read on every (re)connect so the server sees the identity this tab has now, and where it is.
    auth: (cb) => {
      boardTold = board;
      cb({ sessionId: readSessionId(), board } satisfies SocketAuth);
    },
    withCredentials: true,
  });
  created.on("session", (event: SessionEvent) => storeSessionId(event.sessionId));
  let refusedInARow = 0;
  created.on("connect", () => {
    refusal = undefined;
    refusedInARow = 0;
    // The page changed between the handshake and its answer.
    tellBoard();
  });
  created.on("connect_error", (error) => {
    refusal = connectRefusal(error, created.active);
    // A refusal in the handshake stops socket.io-client for good; other failures it retries by itself.
    if (created.active) return;
    const delay = Math.min(REFUSED_RETRY_MAX_MS, REFUSED_RETRY_FIRST_MS * 2 ** refusedInARow);
    refusedInARow++;
    setTimeout(
      () => {
        if (!created.connected && !created.active) created.connect();
      },
      delay * (0.75 + Math.random() / 2),
    );
  });
  created.on("disconnect", (reason) => {
    // Socket.IO does not reconnect by itself when the server ended the connection.
    if (reason !== "io server disconnect") return;
    setTimeout(() => {
      if (!created.connected && !created.active) created.connect();
    }, SERVER_DROP_RECONNECT_MS);
  });
  // The network is back: the connection open when it went may be dead without knowing it (it finds out at a
  // missed ping, 5-10 s on). A new one at once; what the old one left unanswered is sent again on it.
  const online = () => {
    if (created.connected) created.io.engine.close();
  };
  // A page that goes (a closed tab, another site) says goodbye, so the opponent of a game waits 10 s, not 40
  // (lichess); one brought back from the back/forward cache connects again.
  const pagehide = () => created.disconnect();
  const pageshow = (event: PageTransitionEvent) => {
    if (event.persisted && !created.connected && !created.active) created.connect();
  };
  window.addEventListener("online", online);
  window.addEventListener("pagehide", pagehide);
  window.addEventListener("pageshow", pageshow);
  detachFromWindow = () => {
    window.removeEventListener("online", online);
    window.removeEventListener("pagehide", pagehide);
    window.removeEventListener("pageshow", pageshow);
  };
  socket = created;
  return created;
}

function tellBoard(): void {
  if (!socket?.connected || boardTold === board) return;
  boardTold = board;
  socket.emit("board", { gameId: board });
}

/**
 * This tab now shows its player's board of `gameId`, or (null) no board: a player whose tabs all show other
 * pages is gone from the game, as after closing it (lichess). Told once the page settled (a game page
 * replaced by the next, e.g. a rematch, is not a departure).
 */
export function showBoard(gameId: string | null): void {
  board = gameId;
  queueMicrotask(tellBoard);
}

/**
 * Registers a feature's handler for a server event; returns the function that removes it.
 * Features call this from an effect so each owns its handlers (ARCHITECTURE §2).
 */
export function onSocketEvent<E extends keyof ServerToClientEvents>(
  event: E,
  handler: ServerToClientEvents[E],
): () => void {
  const s = getSocket();
  // socket.io's listener typing cannot follow a generic event name; the map above keeps callers typed.
  const on = s.on.bind(s) as (e: E, h: ServerToClientEvents[E]) => void;
  const off = s.off.bind(s) as (e: E, h: ServerToClientEvents[E]) => void;
  on(event, handler);
  return () => off(event, handler);
}

/** Whether the socket is connected now (for useSyncExternalStore). */
export function isSocketConnected(): boolean {
  return getSocket().connected;
}

/** Why the server refused the connection, in its words, while it does (for useSyncExternalStore). */
export function connectionRefusal(): string | undefined {
  getSocket();
  return refusal;
}

/** Calls `listener` whenever the connection opens, drops or fails to open; returns the function that stops it. */
export function onConnectionChange(listener: () => void): () => void {
  const s = getSocket();
  s.on("connect", listener);
  s.on("disconnect", listener);
  s.on("connect_error", listener);
  return () => {
    s.off("connect", listener);
    s.off("disconnect", listener);
    s.off("connect_error", listener);
  };
}

/** Drops and reopens the connection so the server re-identifies this tab (after login or logout). */
export function reconnectSocket(): void {
  const s = getSocket();
  s.disconnect();
  s.connect();
}

/** Test hook: forgets the socket so the next getSocket() creates a new one. */
export function resetSocketForTests(): void {
  detachFromWindow();
  socket?.disconnect();
  socket = undefined;
  refusal = undefined;
  board = null;
  boardTold = undefined;
}
