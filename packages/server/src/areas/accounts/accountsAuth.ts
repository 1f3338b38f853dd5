import { type AccountActor, type Actor, MESSAGES, SESSION_COOKIE, SESSION_HEADER } from "@chess/shared";
import type { FastifyRequest } from "fastify";
import { unauthorized } from "../../http/errors.ts";
import type { AccountsService } from "./accountsService.ts";

/**
 * Of a cookie's and a tab's identity, the one that names the caller: an account before a guest (a tab may hold
 * an account session the cookie lost), and for guests the browser's (the cookie's) before the tab's.
 */
export function preferredIdentity(fromCookie: Actor | undefined, fromTab: Actor | undefined): Actor | undefined {
  if (fromCookie && !fromCookie.isGuest) return fromCookie;
  if (fromTab && !fromTab.isGuest) return fromTab;
  return fromCookie ?? fromTab;
}

/** Reads the caller's identity from the session cookie and the Session-ID header (preferredIdentity); once per request. */
export function createRequestAuth(service: AccountsService) {
  const cache = new WeakMap<FastifyRequest, Promise<Actor | undefined>>();

  async function lookup(req: FastifyRequest): Promise<Actor | undefined> {
    const cookie = req.cookies[SESSION_COOKIE];
    const header = req.headers[SESSION_HEADER];
    const tab = typeof header === "string" ? header : undefined;
    const fromCookie = await service.resolve(cookie);
    if (fromCookie && !fromCookie.isGuest) return fromCookie;
    return preferredIdentity(fromCookie, tab === cookie ? undefined : await service.resolve(tab));
  }

  const auth = {
    /** The caller's session, guest or account, if any. */
    identify(req: FastifyRequest): Promise<Actor | undefined> {
      let found = cache.get(req);
      if (!found) {
        found = lookup(req);
        cache.set(req, found);
      }
      return found;
    },

    /** The caller's account, or a 401 with the spec's text. */
    async requireUser(req: FastifyRequest): Promise<AccountActor> {
      const identity = await auth.identify(req);
      if (!identity || identity.isGuest || identity.userId === null) throw unauthorized(MESSAGES.notLoggedIn);
      return identity as AccountActor;
    },
  };
  return auth;
}

export type RequestAuth = ReturnType<typeof createRequestAuth>;
