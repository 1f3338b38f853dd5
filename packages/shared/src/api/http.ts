import { z } from "zod";

/** Ids of stored rows (users, clubs) are PostgreSQL integers: a larger number names nothing, so it is bad input. */
export const MAX_ROW_ID = 2_147_483_647;

/** `:gameId` in a path. */
export const gameIdParams = z.object({ gameId: z.string().min(1).max(64) });

/** Body of every non-2xx JSON answer: the web shows `message` (SPEC §8). */
export interface ApiError {
  message: string;
  /** Machine-readable reason, e.g. "validation", "rate_limited", "unauthorized". */
  code: string;
}

/** Body of a state-changing call that has nothing else to return. */
export interface ApiSuccess {
  successMsg: string;
}

/** How zod's own English messages begin ("Invalid input: expected string", "Too big: …"), unlike ours ("Invalid username or password"). */
const ZOD_GENERIC =
  /^(Invalid (input|option|string|number|key|value|discriminator|element|[A-Z]+\b|email|url|date)|Too (big|small):|Unrecognized key)/;

/**
 * Turns a zod failure into one readable sentence for an error answer. Our own messages name their field
 * already ("Missing or invalid characters in e-mail"); zod's generic ones get the field in front.
 */
export function describeZodError(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return "Invalid request";
  const path = first.path.join(".");
  const generic = ZOD_GENERIC.test(first.message);
  return path && generic ? `${path}: ${first.message}` : first.message;
}
