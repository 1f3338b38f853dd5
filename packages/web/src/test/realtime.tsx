import type { Ack, ClientToServerEvents, ServerToClientEvents } from "@chess/shared";
import { act } from "@testing-library/react";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { type Realtime, RealtimeContext } from "../lib/realtime.ts";

type Handler = (...args: unknown[]) => void;
/** An answer now, or later (a promise the test resolves), or undefined for `{ ok: true }`. */
type Responder = (
  event: keyof ClientToServerEvents,
  payload: unknown,
) => Ack<unknown> | Promise<Ack<unknown>> | undefined;

/**
 * A Realtime that sends nothing: it records requests, answers them with `respond` (ok by default),
 * and lets a test play server events with `serverEmit`.
 */
export function fakeRealtime(respond: Responder = () => undefined) {
  const handlers = new Map<string, Set<Handler>>();
  const connectHandlers = new Set<() => void>();
  const requests: Array<{ event: keyof ClientToServerEvents; payload: unknown }> = [];
  /** Every board the code said it shows, in order (showBoard). */
  const boards: Array<string | null> = [];
  const realtime: Realtime = {
    request: vi.fn(async (event: keyof ClientToServerEvents, payload?: unknown) => {
      requests.push({ event, payload });
      return (respond(event, payload) ?? { ok: true }) as never;
    }) as Realtime["request"],
    on(event, handler) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)?.add(handler as Handler);
      return () => handlers.get(event)?.delete(handler as Handler);
    },
    onConnect(handler) {
      connectHandlers.add(handler);
      handler();
      return () => connectHandlers.delete(handler);
    },
    showBoard(gameId) {
      boards.push(gameId);
    },
  };
  return {
    realtime,
    requests,
    boards,
    /** The events requested so far, in order. */
    events: () => requests.map((r) => r.event),
    serverEmit<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>) {
      act(() => {
        for (const handler of handlers.get(event) ?? []) handler(...args);
      });
    },
    reconnect() {
      act(() => {
        for (const handler of connectHandlers) handler();
      });
    },
  };
}

/** Puts `realtime` under `children`. */
export function WithRealtime({ realtime, children }: { realtime: Realtime; children: ReactNode }) {
  return <RealtimeContext.Provider value={realtime}>{children}</RealtimeContext.Provider>;
}
