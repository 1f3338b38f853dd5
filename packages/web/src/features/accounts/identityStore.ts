/** Who this tab is (SPEC §4 Identity). Pure: no I/O, so it is tested without a DOM. */
export type Identity =
  /** Not known yet: GET /user has not answered. */
  | { kind: "loading" }
  /** Not logged in. `username` is the session's guest name, e.g. "Guest-4821"; null until one is known. */
  | { kind: "guest"; username: string | null }
  /** Logged in as `username`. */
  | { kind: "user"; username: string };

export type IdentityEvent =
  /** GET /user or POST /user/login answered with an account. */
  | { type: "userLoaded"; username: string }
  /** GET /user said nobody is logged in. */
  | { type: "userMissing" }
  /** GET /user/temp-username answered. */
  | { type: "guestNamed"; username: string }
  /** The socket's `session` event: the identity the server gave this connection. */
  | { type: "sessionAnnounced"; username: string; isGuest: boolean }
  /** POST /user/logout succeeded; the guest name arrives later over the socket. */
  | { type: "loggedOut" };

export const initialIdentity: Identity = { kind: "loading" };

export function identityReducer(state: Identity, event: IdentityEvent): Identity {
  switch (event.type) {
    case "userLoaded":
      return { kind: "user", username: event.username };
    case "userMissing":
      return state.kind === "guest" ? state : { kind: "guest", username: null };
    case "guestNamed":
      // A guest name never replaces an account: the account answer is newer than any guest lookup.
      return state.kind === "user" ? state : { kind: "guest", username: event.username };
    case "sessionAnnounced":
      return event.isGuest ? { kind: "guest", username: event.username } : { kind: "user", username: event.username };
    case "loggedOut":
      return { kind: "guest", username: null };
  }
}

/** The name to show for this identity, or undefined while unknown. */
export function displayName(identity: Identity): string | undefined {
  if (identity.kind === "loading") return undefined;
  return identity.username ?? undefined;
}
