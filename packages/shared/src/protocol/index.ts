import type { SessionEvent } from "./session.ts";

export type { SessionEvent } from "./session.ts";

/** Acknowledgement of every client → server event (ARCHITECTURE §4). */
export type Ack<T = undefined> = { ok: true; data?: T } | { ok: false; code: string; message: string };

/** Handshake auth payload: `io(url, { auth: { sessionId } })`. */
export interface SocketAuth {
  sessionId?: string;
}

/** Events the server emits. Areas add theirs here as they are built. */
export interface ServerToClientEvents {
  session: (payload: SessionEvent) => void;
}

/** Events the client emits. */
// biome-ignore lint/complexity/noBannedTypes: filled in by the live-play areas
export type ClientToServerEvents = {};
