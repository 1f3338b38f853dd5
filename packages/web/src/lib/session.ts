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
