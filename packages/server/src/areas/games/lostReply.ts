import { pause, TOO_LATE, within } from "./answerDeadline.ts";

/** Between two reads of a write whose answer was lost. */
const REREAD_MS = 200;

/** The database's own answer to a statement (a SQLSTATE), if it gave one: then the statement did not run. */
export function sqlState(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && typeof e === "object" && e !== null; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** What `read` says, asked again until `deadline` while it fails; undefined if it did not say in time. */
export async function readBack<T>(read: () => Promise<T>, deadline: number, now: () => number): Promise<T | undefined> {
  for (;;) {
    const known = await within(read(), deadline, now).catch(() => undefined);
    if (known === TOO_LATE) return undefined;
    if (known !== undefined) return known;
    if (deadline - now() <= REREAD_MS) return undefined;
    await pause(REREAD_MS, deadline, now);
  }
}

/**
 * A write whose answer may be lost (its connection went, and it may have run all the same), settled by
 * `deadline`: its value once answered; "stored" when the database, asked again (`isStored`), says it is;
 * "unknown" when it cannot say in time. Throws the write's own error when it did not run: the database
 * refused it, or it is not there when read back.
 */
export async function settledWrite<T>(
  write: Promise<T>,
  isStored: () => Promise<boolean>,
  deadline: number,
  now: () => number = Date.now,
): Promise<{ value: T } | "stored" | "unknown"> {
  try {
    const value = await within(write, deadline, now);
    return value === TOO_LATE ? "unknown" : { value };
  } catch (err) {
    if (sqlState(err) !== undefined) throw err;
    const stored = await readBack(isStored, deadline, now);
    if (stored === undefined) return "unknown";
    if (stored) return "stored";
    throw err;
  }
}
