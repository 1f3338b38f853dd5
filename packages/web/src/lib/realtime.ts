import type { Ack, AckFn, ClientToServerEvents, ServerToClientEvents } from "@chess/shared";
import { createContext, useContext } from "react";
import { getSocket, showBoard } from "./socket.ts";

/** The data an event's acknowledgement carries, e.g. GameStarted for `resync`. */
export type AckData<E extends keyof ClientToServerEvents> =
  Parameters<ClientToServerEvents[E]> extends [...infer _P, (AckFn<infer T> | undefined)?] ? T : never;

/** How long a request waits for the server's acknowledgement. */
export const REQUEST_TIMEOUT_MS = 8_000;
/**
 * A jumpstart offer may wait for its position to be generated (the server allows ~8 s of search): a custom
 * range when it is made, a preset when it is accepted and the pool is empty.
 */
const SLOW_REQUESTS: Partial<Record<keyof ClientToServerEvents, number>> = {
  acceptGameOffer: 20_000,
  createGameOffer: 20_000,
  createFriendChallenge: 20_000,
};

/** What an unanswered request resolves with. */
export const TIMEOUT_ACK = {
  ok: false,
  code: "timeout",
  message: "The server did not answer - please try again",
} as const;

/**
 * The realtime side the features use: requests with acknowledgements, server events, (re)connections.
 * The page's socket by default; a fake in tests.
 */
export interface Realtime {
  /** Emits `event` and resolves with the server's answer; never rejects (a timeout is a failed Ack). */
  request<E extends keyof ClientToServerEvents>(event: E, payload?: unknown): Promise<Ack<AckData<E>>>;
  /** Registers a handler for a server event; returns the function that removes it. */
  on<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]): () => void;
  /** Calls `handler` now when connected, and again on every later (re)connection. */
  onConnect(handler: () => void): () => void;
  /** Says this tab shows its player's board of `gameId` now, or (null) none (the `board` event). */
  showBoard(gameId: string | null): void;
}

type Emit = (event: string, ...args: unknown[]) => Promise<unknown>;

/** The Realtime of the page's one socket. */
export const socketRealtime: Realtime = {
  async request(event, payload) {
    const timed = getSocket().timeout(SLOW_REQUESTS[event] ?? REQUEST_TIMEOUT_MS);
    const emit = (timed.emitWithAck as unknown as Emit).bind(timed);
    try {
      const answer = await (payload === undefined ? emit(event) : emit(event, payload));
      return answer as Ack<AckData<typeof event>>;
    } catch {
      return TIMEOUT_ACK;
    }
  },
  on(event, handler) {
    const s = getSocket();
    // socket.io's listener typing cannot follow a generic event name; the interface keeps callers typed.
    const on = s.on.bind(s) as (e: typeof event, h: typeof handler) => void;
    const off = s.off.bind(s) as (e: typeof event, h: typeof handler) => void;
    on(event, handler);
    return () => off(event, handler);
  },
  onConnect(handler) {
    const s = getSocket();
    if (s.connected) handler();
    s.on("connect", handler);
    return () => {
      s.off("connect", handler);
    };
  },
  showBoard,
};

export const RealtimeContext = createContext<Realtime>(socketRealtime);

/** The realtime connection for the calling component (the socket, unless a test provides another). */
export function useRealtime(): Realtime {
  return useContext(RealtimeContext);
}
