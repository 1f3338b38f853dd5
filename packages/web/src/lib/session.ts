import { SESSION_STORAGE_KEY } from "@chess/shared";

/** The session id this tab holds (SPEC §4), or undefined. Storage can be unavailable (privacy modes). */
export function readSessionId(): string | undefined {
  try {
    return sessionStorage.getItem(SESSION_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `sessionId` for this tab. */
export function storeSessionId(sessionId: string): void {
  try {
    sessionStorage.setItem(SESSION_STORAGE_KEY, sessionId);
  } catch {
    // Without storage the cookie still carries a logged-in session; guests get a new one per connection.
  }
}

/** Forgets the stored session id (logout). */
export function clearSessionId(): void {
  try {
    sessionStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/**
 * The name of a cookie this site keeps beside the server's login cookie, which pages cannot read (httpOnly):
 * "1" while this browser may be logged in. Without it GET /user could only answer 401, so it is not asked.
 */
export const SIGNED_IN_COOKIE = "signedIn";
const SIGNED_IN_MAX_AGE_S = 30 * 24 * 3600;

/** Whether this browser may hold a logged-in session (it logged in, and has not logged out or been refused since). */
export function mayBeSignedIn(): boolean {
  try {
    return document.cookie.split(";").some((c) => c.trim() === `${SIGNED_IN_COOKIE}=1`);
  } catch {
    return true;
  }
}

/** Notes that this browser is logged in (login, GET /user, or the socket naming an account). */
export function rememberSignedIn(): void {
  setSignedIn(`1; max-age=${SIGNED_IN_MAX_AGE_S}`);
}

/** Notes that this browser holds no logged-in session (logout, a refused GET /user, the socket naming a guest). */
export function forgetSignedIn(): void {
  setSignedIn("; max-age=0");
}

function setSignedIn(value: string): void {
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie with the login's lifetime, read at load; the Cookie Store API is async and missing in some browsers
    document.cookie = `${SIGNED_IN_COOKIE}=${value}; path=/; samesite=lax`;
  } catch {
    // No cookies here (a sandboxed page): the socket still says who this is.
  }
}
