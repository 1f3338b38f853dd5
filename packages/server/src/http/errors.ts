import type { Ack, ApiError } from "@chess/shared";
import { describeZodError } from "@chess/shared";
import type { z } from "zod";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "../storage/unavailable.ts";
import { hasNul, NUL_MESSAGE } from "../util/nul.ts";
import { type Refused, type Result, rateLimited } from "../util/result.ts";

/** An error whose message is safe to show to the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, "validation", message);
export const unauthorized = (message: string) => new HttpError(401, "unauthorized", message);
export const forbidden = (message: string) => new HttpError(403, "forbidden", message);
export const notFound = (message: string) => new HttpError(404, "not_found", message);
export const conflict = (message: string) => new HttpError(409, "conflict", message);

/** The HTTP status of each kind of refusal; any other code (a game "busy", "unavailable", ...) is a conflict. */
const STATUS_OF: Record<string, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
};

/**
 * A service's refusal as the HTTP error answered for it: the status of its code, its text, and Retry-After.
 * An area whose refusals name their own codes (a daily game's "illegal") gives their statuses in `own`.
 */
export function httpErrorOf(refused: Refused, own: Readonly<Record<string, number>> = {}): HttpError {
  const headers: Record<string, string> =
    refused.retryAfterMs === undefined
      ? {}
      : { "retry-after": String(Math.max(1, Math.ceil(refused.retryAfterMs / 1000))) };
  return new HttpError(own[refused.code] ?? STATUS_OF[refused.code] ?? 409, refused.code, refused.message, headers);
}

/**
 * A service's answer as a route answers it: the value, or its refusal thrown as an HttpError for the one error
 * handler to send (same status, text and code as ever). Every route passes its service results through here.
 */
export function unwrap<T>(answer: Result<T>, own?: Readonly<Record<string, number>>): T;
export function unwrap<T>(answer: Ack<T>, own?: Readonly<Record<string, number>>): T | undefined;
export function unwrap<T>(answer: Ack<T>, own?: Readonly<Record<string, number>>): T | undefined {
  if (!answer.ok) throw httpErrorOf(answer, own);
  return answer.data;
}

/** A 429 saying what was too many ("Too many attempts" unless told) and how long to wait. */
export const tooManyRequests = (retryAfterMs: number, what = "Too many attempts") =>
  httpErrorOf(rateLimited(retryAfterMs, what));

/** Validates `value` against `schema`, throwing a 400 with the first problem in words. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw badRequest(describeZodError(result.error));
  if (hasNul(result.data)) throw badRequest(NUL_MESSAGE);
  return result.data;
}

/** Fastify's own errors (bad JSON, body too large, ...) mapped to our error body. */
export function toApiError(error: unknown): { status: number; body: ApiError; headers: Record<string, string> } {
  if (error instanceof HttpError) {
    return { status: error.statusCode, body: { message: error.message, code: error.code }, headers: error.headers };
  }
  const e = error as { statusCode?: number; code?: string; message?: string };
  if (typeof e.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500) {
    const messages: Record<string, string> = {
      FST_ERR_CTP_BODY_TOO_LARGE: "Request body is too large",
      FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type: send application/json",
      FST_ERR_CTP_EMPTY_JSON_BODY: "Request body is empty: send a JSON object",
      FST_ERR_CTP_INVALID_JSON_BODY: "Request body is not valid JSON",
    };
    const known = e.code ? messages[e.code] : undefined;
    const message = known ?? (e.code === "FST_ERR_CTP_INVALID_CONTENT_LENGTH" ? "Bad Content-Length" : e.message);
    return { status: e.statusCode, body: { message: message ?? "Bad request", code: "bad_request" }, headers: {} };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: { message: DATABASE_UNAVAILABLE_MESSAGE, code: "unavailable" },
      headers: { "retry-after": "2" },
    };
  }
  return { status: 500, body: { message: "Internal server error", code: "internal" }, headers: {} };
}
