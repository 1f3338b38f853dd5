import type { CreateUserBody, SessionEvent } from "@chess/shared";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useReducer, useRef } from "react";
import { ApiRequestError } from "../../lib/api.ts";
import {
  clearSessionId,
  forgetSignedIn,
  mayBeSignedIn,
  readSessionId,
  rememberSignedIn,
  storeSessionId,
} from "../../lib/session.ts";
import { onSocketEvent, reconnectSocket } from "../../lib/socket.ts";
import { type AccountsApi, accountsApi } from "./accountsApi.ts";
import { type Identity, identityReducer, initialIdentity } from "./identityStore.ts";

/** What useIdentity() gives: who this tab is, and the account actions. Actions reject with ApiRequestError. */
export interface IdentityContextValue {
  identity: Identity;
  login(username: string, password: string): Promise<void>;
  /** Creates the account, then logs in with it. */
  createUser(body: CreateUserBody): Promise<void>;
  logout(): Promise<void>;
  /** Closes the account (its password proves it is the player); this tab goes on as a guest. Resolves with the server's successMsg. */
  closeAccount(password: string): Promise<string>;
  /** Asks the server again who we are. */
  refresh(): Promise<void>;
}

/** The realtime side the identity needs; the page's socket by default, a fake in tests. */
export interface IdentityRealtime {
  onSession(handler: (event: SessionEvent) => void): () => void;
  reconnect(): void;
}

const socketRealtime: IdentityRealtime = {
  onSession: (handler) => onSocketEvent("session", handler),
  reconnect: reconnectSocket,
};

export const IdentityContext = createContext<IdentityContextValue | null>(null);

/** The identity of this tab, for any component under IdentityProvider. */
export function useIdentity(): IdentityContextValue {
  const value = useContext(IdentityContext);
  if (!value) throw new Error("useIdentity() needs an <IdentityProvider> above it");
  return value;
}

export function IdentityProvider({
  children,
  client = accountsApi,
  realtime = socketRealtime,
}: {
  children: ReactNode;
  client?: AccountsApi;
  realtime?: IdentityRealtime;
}) {
  const [identity, dispatch] = useReducer(identityReducer, initialIdentity);
  // Each lookup takes a number; answers of a superseded lookup (e.g. one started before a login) are dropped.
  const lookup = useRef(0);

  const refresh = useCallback(async () => {
    const mine = ++lookup.current;
    const current = () => mine === lookup.current;
    // A browser that never logged in (or logged out since) has no account to ask for: the answer could only
    // be a 401, an error in the console of every guest's page.
    if (mayBeSignedIn()) {
      try {
        const user = await client.currentUser();
        if (!current()) return;
        if (user.isLoggedIn) {
          rememberSignedIn();
          dispatch({ type: "userLoaded", username: user.username });
          return;
        }
        forgetSignedIn();
      } catch (error) {
        if (!current()) return;
        if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) forgetSignedIn();
      }
    }
    dispatch({ type: "userMissing" });
    if (!readSessionId()) return; // the socket's `session` event will name the new guest
    try {
      const guest = await client.tempUsername();
      if (current()) dispatch({ type: "guestNamed", username: guest.username });
    } catch {
      // Unknown or expired session: the socket creates a new guest session and announces it.
    }
  }, [client]);

  // The guest last kept in the browser's cookie from this tab: every tab of the browser is then that guest.
  const keptGuest = useRef<string | undefined>(undefined);
  useEffect(() => {
    const off = realtime.onSession((event) => {
      // The socket carries the login cookie: its word on who we are also says whether to ask GET /user.
      if (event.isGuest) forgetSignedIn();
      else rememberSignedIn();
      if (event.isGuest && keptGuest.current !== event.sessionId) {
        keptGuest.current = event.sessionId;
        client.keepGuest().catch(() => {
          // Not kept (cookies off, the server away): this tab goes on as its own guest.
        });
      }
      dispatch({ type: "sessionAnnounced", username: event.username, isGuest: event.isGuest });
    });
    void refresh();
    return off;
  }, [realtime, refresh, client]);

  const login = useCallback(
    async (username: string, password: string) => {
      const answer = await client.login({ username, password });
      storeSessionId(answer.sessionId);
      rememberSignedIn();
      lookup.current++;
      dispatch({ type: "userLoaded", username: answer.username });
      realtime.reconnect();
      void refresh();
    },
    [client, realtime, refresh],
  );

  const createUser = useCallback(
    async (body: CreateUserBody) => {
      await client.createUser(body);
      await login(body.username, body.password);
    },
    [client, login],
  );

  /** The server ended this tab's session: forget it and reconnect, to be named a guest. */
  const signedOut = useCallback(() => {
    clearSessionId();
    forgetSignedIn();
    lookup.current++;
    dispatch({ type: "loggedOut" });
    realtime.reconnect();
  }, [realtime]);

  const logout = useCallback(async () => {
    await client.logout();
    signedOut();
  }, [client, signedOut]);

  const closeAccount = useCallback(
    async (password: string) => {
      const answer = await client.closeAccount({ password });
      signedOut();
      return answer.successMsg;
    },
    [client, signedOut],
  );

  const value = useMemo(
    () => ({ identity, login, createUser, logout, closeAccount, refresh }),
    [identity, login, createUser, logout, closeAccount, refresh],
  );
  return <IdentityContext.Provider value={value}>{children}</IdentityContext.Provider>;
}
