import { type AccountActor, type Actor, MESSAGES, SESSION_COOKIE, SESSION_HEADER } from "@chess/shared";
import type { FastifyRequest } from "fastify";
import { unauthorized } from "../../http/errors.ts";
import type { AccountsService } from "./accountsService.ts";

/** Reads the caller's identity from the session cookie, else the Session-ID header; once per request. */
export function createRequestAuth(service: AccountsService) {
  const cache = new WeakMap<FastifyRequest, Promise<Actor | undefined>>();

  async function lookup(req: FastifyRequest): Promise<Actor | undefined> {
    const fromCookie = await service.resolve(req.cookies[SESSION_COOKIE]);
    if (fromCookie) return fromCookie;
    const header = req.headers[SESSION_HEADER];
    return service.resolve(typeof header === "string" ? header : undefined);
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
