import { type Ack, type ClientToServerEvents, describeZodError, fail } from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "../storage/unavailable.ts";
import { hasNul, NUL_MESSAGE } from "../util/nul.ts";
import type { AppSocket } from "./sockets.ts";

type AckFn = (answer: Ack<unknown>) => void;

/** One client event: its payload schema and what it does for the socket that sent it. */
export interface SocketEvent {
  schema: z.ZodType;
  run(socket: AppSocket, payload: unknown): Promise<Ack<unknown>> | Ack<unknown>;
}

/** An area's client events (SPEC §7), built once and shared by every socket. */
export type SocketEvents = { [E in keyof ClientToServerEvents]?: SocketEvent };

/** A typed entry of an area's event table: `run` receives the payload as `schema` parsed it. */
export function socketEvent<S extends z.ZodType>(
  schema: S,
  run: (socket: AppSocket, payload: z.infer<S>) => Promise<Ack<unknown>> | Ack<unknown>,
): SocketEvent {
  return { schema, run: run as SocketEvent["run"] };
}

/** lichess: 100 messages per 20 s per socket. Past it, events are refused until the window turns. */
export const SOCKET_EVENT_LIMIT = { limit: 100, windowMs: 20_000 };

export interface SocketCounters {
  unknownEvents: number;
  throttled: number;
}

/**
 * Every client event of a socket goes through here: the flood guard, then the event's entry in the shared
 * table. The payload is parsed by its schema; a bad one gets an error ack and changes nothing; a throw
 * becomes a generic error ack (logged), never a crash. One function per socket instead of one listener
 * per event and socket keeps an idle connection small.
 */
export function dispatchEvents(
  socket: AppSocket,
  events: ReadonlyMap<string, SocketEvent>,
  counters: SocketCounters,
  logger: FastifyBaseLogger,
): void {
  let windowStart = Date.now();
  let count = 0;
  socket.use((packet) => {
    const [event, ...args] = packet as [string, ...unknown[]];
    const last = args[args.length - 1];
    const ack = typeof last === "function" ? (args.pop() as AckFn) : undefined;
    const t = Date.now();
    if (t - windowStart > SOCKET_EVENT_LIMIT.windowMs) {
      windowStart = t;
      count = 0;
    }
    count += 1;
    if (count > SOCKET_EVENT_LIMIT.limit) {
      counters.throttled += 1;
      const refusal = fail("rate_limited", "Too many messages - slow down");
      // Without callbacks, told once per window: a flood is not answered event for event.
      if (ack || count === SOCKET_EVENT_LIMIT.limit + 1) answer(socket, event, ack, refusal);
      return;
    }
    const entry = events.get(event);
    if (!entry) {
      counters.unknownEvents += 1;
      ack?.(fail("unknown_event", `Unknown event: ${String(event).slice(0, 40)}`));
      return;
    }
    void run(socket, event, entry, args[0], ack, logger);
  });
}

async function run(
  socket: AppSocket,
  event: string,
  entry: SocketEvent,
  payload: unknown,
  ack: AckFn | undefined,
  logger: FastifyBaseLogger,
): Promise<void> {
  answer(socket, event, ack, await outcome(event, entry, socket, payload, logger));
}

/** Parses and runs one event; every failure is an answer, never a throw. */
async function outcome(
  event: string,
  entry: SocketEvent,
  socket: AppSocket,
  payload: unknown,
  logger: FastifyBaseLogger,
): Promise<Ack<unknown>> {
  const parsed = entry.schema.safeParse(payload);
  if (!parsed.success) return fail("validation", describeZodError(parsed.error));
  if (hasNul(parsed.data)) return fail("validation", NUL_MESSAGE);
  try {
    return await entry.run(socket, parsed.data);
  } catch (err) {
    logger.error({ err, event }, "socket handler failed");
    return isDatabaseUnavailable(err)
      ? fail("unavailable", DATABASE_UNAVAILABLE_MESSAGE)
      : fail("internal", "Something went wrong - please try again");
  }
}

/**
 * The answer goes to the event's callback. A client that sent none (the spec's events carry none) still
 * learns of a refusal, as an `eventRefused` event; a success is visible in the events that follow.
 */
function answer(socket: AppSocket, event: string, ack: AckFn | undefined, result: Ack<unknown>): void {
  if (ack) ack(result);
  else if (!result.ok) socket.emit("eventRefused", { event, code: result.code, message: result.message });
}
