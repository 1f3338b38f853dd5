/** Server → client: the identity this socket now has; the browser stores the id (SPEC §4). */
export interface SessionEvent {
  sessionId: string;
  /** Account name, or the guest name of the session. */
  username: string;
  isGuest: boolean;
}
