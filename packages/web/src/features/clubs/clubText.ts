import { trimInvisible } from "@chess/shared";
import { ApiRequestError, errorMessage } from "../../lib/api.ts";
import { shortDate } from "../../lib/dates.ts";

/** SPEC §5: a name, post, note or invitee after trimming; undefined when blank (invisible characters too). */
export function nonBlank(draft: string): string | undefined {
  const text = trimInvisible(draft);
  return text ? text : undefined;
}

/** "Request failed with status code 409": the api client's words when the server sent no message. */
const requestFailed = (status: number) => `Request failed with status code ${status}`;

/** SPEC §8 club creation: the server's message, else "Club creation failed with status code {n}", else the network's. */
export function clubCreateError(error: unknown): string {
  if (error instanceof ApiRequestError && error.status > 0 && error.message === requestFailed(error.status)) {
    return `Club creation failed with status code ${error.status}`;
  }
  return errorMessage(undefined, error);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 min ago", "3 h ago", "2 d ago", then the date ("3 Mar 2025"). */
export function relativeTime(then: number, now: number): string {
  const ago = Math.max(0, now - then);
  if (ago < MINUTE) return "just now";
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)} d ago`;
  return shortDate(then);
}
