/** Node socket errors and PostgreSQL SQLSTATEs that mean "the database cannot be reached now". */
const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND"]);
// 08xxx: connection exceptions; 57014: statement cancelled (statement_timeout); 57P01-57P03: admin shutdown,
// crash shutdown, cannot connect now.
const UNAVAILABLE_SQLSTATE = /^(08...|57014|57P0[1-3])$/;
// node-postgres reports a lost or refused connection, and a statement never answered, in words only; so does
// ioredis (Redis slow past the 1 s command timeout, or away): seen as a player's "Something went wrong" on an
// accepted offer while a loaded machine held Redis up, where "try again in a moment" is the truth.
const UNREACHABLE_TEXT =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|connect ECONNREFUSED|Query read timeout|^Command timed out$|^Connection is closed\.$|Reached the max retries per request limit/i;

/** What a caller is told while the database is away. */
export const DATABASE_UNAVAILABLE_MESSAGE = "The service is briefly unavailable - please try again in a moment";

/** The SQLSTATE of a unique violation: the row is there already. */
export const UNIQUE_VIOLATION = "23505";
/** The SQLSTATE of a foreign key violation: the row refers to a row that is not there. */
export const FOREIGN_KEY_VIOLATION = "23503";

/** Walks an error and its causes (Drizzle wraps the driver's error in `cause`). */
function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && typeof e === "object" && e !== null; depth++) {
    yield e as { code?: unknown; message?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
}

/** Whether `error` (or one of its causes) carries the database error code `code`. */
export function hasErrorCode(error: unknown, code: string): boolean {
  for (const e of causes(error)) if (e.code === code) return true;
  return false;
}

/** Whether `error` says the database is away (down, restarting, unreachable): worth a retry later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    const code = typeof e.code === "string" ? e.code : undefined;
    if (code && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (typeof e.message === "string" && UNREACHABLE_TEXT.test(e.message)) return true;
  }
  return false;
}
