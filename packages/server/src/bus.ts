import { EventEmitter } from "node:events";

/** Events that cross areas (lila's "bus"): an area publishes, others react, nobody reaches into another's storage. */
export interface BusEvents {
  /** A session was ended (logout): its sockets must leave under the old identity. */
  sessionEnded: { sessionId: string };
  /** A guest logged in from the same browser session: their guest games become the account's. */
  guestSignedIn: { guestSessionId: string; userId: number; username: string };
}

export class Bus {
  private readonly emitter = new EventEmitter();

  publish<K extends keyof BusEvents>(name: K, payload: BusEvents[K]): void {
    this.emitter.emit(name, payload);
  }

  subscribe<K extends keyof BusEvents>(name: K, handler: (payload: BusEvents[K]) => void): void {
    this.emitter.on(name, handler);
  }
}
