import { type Ack, describeZodError } from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "../storage/unavailable.ts";
import { hasNul, NUL_MESSAGE } from "../util/nul.ts";
import type { AppSocket } from "./io.ts";

type AckFn = (answer: Ack<unknown>) => void;

/**
 * Registers a validated handler: the payload is parsed by `schema`; a bad one gets an error ack and
 * changes nothing; a throw becomes a generic error ack (logged), never a crash.
 */
export function handle<S extends z.ZodType>(
  socket: AppSocket,
  logger: FastifyBaseLogger,
  event: string,
  schema: S,
  fn: (payload: z.infer<S>) => Promise<Ack<unknown>> | Ack<unknown>,
): void {
  // biome-ignore lint/suspicious/noExplicitAny: events are registered by name; payloads are validated below
  (socket as any).on(event, async (...args: unknown[]) => {
    const last = args[args.length - 1];
    const ack: AckFn | undefined = typeof last === "function" ? (args.pop() as AckFn) : undefined;
    const parsed = schema.safeParse(args[0]);
    if (!parsed.success) {
      ack?.({ ok: false, code: "validation", message: describeZodError(parsed.error) });
      return;
    }
    if (hasNul(parsed.data)) {
      ack?.({ ok: false, code: "validation", message: NUL_MESSAGE });
      return;
    }
    try {
      const answer = await fn(parsed.data);
      ack?.(answer);
    } catch (err) {
      logger.error({ err, event }, "socket handler failed");
      ack?.(
        isDatabaseUnavailable(err)
          ? { ok: false, code: "unavailable", message: DATABASE_UNAVAILABLE_MESSAGE }
          : { ok: false, code: "internal", message: "Something went wrong - please try again" },
      );
    }
  });
}

/** lichess: 100 messages per 20 s per socket. Past it, events are refused until the window turns. */
export const SOCKET_EVENT_LIMIT = { limit: 100, windowMs: 20_000 };

/** Per-socket flood guard and unknown-event counter, installed before any handler runs. */
export function guardSocket(socket: AppSocket, counters: { unknownEvents: number; throttled: number }): void {
  let windowStart = Date.now();
  let count = 0;
  socket.use(([event, ...args], next) => {
    const t = Date.now();
    if (t - windowStart > SOCKET_EVENT_LIMIT.windowMs) {
      windowStart = t;
      count = 0;
    }
    count += 1;
    const ack = args[args.length - 1];
    if (count > SOCKET_EVENT_LIMIT.limit) {
      counters.throttled += 1;
      if (typeof ack === "function") ack({ ok: false, code: "rate_limited", message: "Too many messages - slow down" });
      return;
    }
    if (socket.listeners(event as never).length === 0) {
      counters.unknownEvents += 1;
      if (typeof ack === "function")
        ack({ ok: false, code: "unknown_event", message: `Unknown event: ${String(event).slice(0, 40)}` });
      return;
    }
    next();
  });
}
