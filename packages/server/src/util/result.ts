import { type Failure, fail } from "@chess/shared";

/**
 * What a service answers: its value, or why not. Services never throw a refusal; routes turn it into the HTTP
 * answer (http/errors.ts `unwrap`), socket events send it as their ack.
 */
export type Result<T = undefined> = { ok: true; data: T } | Refused;

/**
 * A refusal (shared `fail`). Its code is its kind, which the route layer maps to an HTTP status: "validation",
 * "unauthorized", "forbidden", "not_found", "conflict", "rate_limited" (any other: a conflict). A rate limit
 * also says when to try again.
 */
export type Refused = Failure & { retryAfterMs?: number };

/** A success carrying `data` (nothing for a command). */
export const ok = <T = undefined>(data?: T): Result<T> => ({ ok: true, data: data as T });

/** A wait as a person says it: "40 seconds", "53 minutes", "about 3 hours" (never shorter than it is). */
export function waitInWords(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), "second");
  if (seconds <= 90 * 60) return plural(Math.ceil(seconds / 60), "minute");
  return `about ${plural(Math.round(seconds / 3600), "hour")}`;
}

/** Too many tries: what was too many ("Too many attempts" unless told) and how long to wait, in words and in ms. */
export function rateLimited(retryAfterMs: number, what = "Too many attempts"): Refused {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return { ...fail("rate_limited", `${what} - try again in ${waitInWords(seconds)}`), retryAfterMs };
}
