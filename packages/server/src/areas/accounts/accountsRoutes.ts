import {
  changePasswordBody,
  closeAccountBody,
  createUserBody,
  loginBody,
  MESSAGES,
  SESSION_COOKIE,
  SESSION_HEADER,
  usernameParams,
} from "@chess/shared";
import type { FastifyInstance } from "fastify";
import { badRequest, notFound, parseInput, unauthorized, unwrap } from "../../http/errors.ts";
import type { RequestAuth } from "./accountsAuth.ts";
import {
  accountStatusJson,
  createdJson,
  currentUserJson,
  guestSessionJson,
  loginJson,
  tempUsernameJson,
} from "./accountsJson.ts";
import type { AccountsService } from "./accountsService.ts";

const COOKIE_MAX_AGE_S = 30 * 24 * 3600;
/** A guest's cookie lasts as long as an unused guest session (accountsService's GUEST_SESSION_TTL). */
const GUEST_COOKIE_MAX_AGE_S = 7 * 24 * 3600;

export function registerAccountsRoutes(
  app: FastifyInstance,
  deps: { service: AccountsService; auth: RequestAuth; secureCookies: boolean },
) {
  const { service, auth, secureCookies } = deps;
  const cookieOptions = { path: "/", httpOnly: true, sameSite: "lax" as const, secure: secureCookies };

  app.post("/user/create", async (req, reply) => {
    const body = parseInput(createUserBody, req.body);
    const { username } = unwrap(await service.signup(body, req.ip));
    return reply.status(201).send(createdJson(username));
  });

  app.post("/user/login", async (req, reply) => {
    const body = parseInput(loginBody, req.body);
    const previous = await auth.identify(req);
    const { sessionId, username } = unwrap(await service.login(body, req.ip, previous));
    reply.setCookie(SESSION_COOKIE, sessionId, { ...cookieOptions, maxAge: COOKIE_MAX_AGE_S });
    return loginJson(sessionId, username);
  });

  app.post("/user/logout", async (req, reply) => {
    const identity = await auth.identify(req);
    if (identity) await service.logout(identity.sessionId);
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return { successMsg: MESSAGES.loggedOut };
  });

  app.get("/user", async (req) => currentUserJson(await auth.requireUser(req)));

  app.post("/user/password", async (req) => {
    const user = await auth.requireUser(req);
    const body = parseInput(changePasswordBody, req.body);
    unwrap(await service.changePassword(user, body, req.ip));
    return { successMsg: MESSAGES.passwordChanged };
  });

  app.post("/user/close", async (req, reply) => {
    const user = await auth.requireUser(req);
    const body = parseInput(closeAccountBody, req.body);
    unwrap(await service.close(user, body, req.ip));
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return { successMsg: MESSAGES.closedAccount };
  });

  app.get("/user/status/:username", async (req) => {
    const { username } = parseInput(usernameParams, req.params);
    const account = await service.accountStatus(username);
    if (!account) throw notFound(MESSAGES.noSuchPlayer);
    return accountStatusJson(account);
  });

  /**
   * Keeps the tab's guest (the Session-ID header) as the browser's, in the http-only session cookie, so that
   * every tab of the browser is that guest (lichess's anonymous session). A cookie that already names a live
   * session wins: it is answered, and kept as it is (a guest's is renewed).
   */
  app.post("/user/guest-session", async (req, reply) => {
    const fromCookie = await service.resolve(req.cookies[SESSION_COOKIE]);
    const header = req.headers[SESSION_HEADER];
    const fromTab = fromCookie ? undefined : await service.resolve(typeof header === "string" ? header : undefined);
    const identity = fromCookie ?? fromTab;
    if (!identity) throw unauthorized(MESSAGES.unknownSession);
    if (identity.isGuest) {
      reply.setCookie(SESSION_COOKIE, identity.sessionId, { ...cookieOptions, maxAge: GUEST_COOKIE_MAX_AGE_S });
    }
    return guestSessionJson(identity);
  });

  app.get("/user/temp-username", async (req) => {
    const header = req.headers[SESSION_HEADER];
    if (typeof header !== "string" || header.length === 0) throw badRequest("The Session-ID header is required");
    const identity = await service.resolve(header);
    if (!identity) throw unauthorized(MESSAGES.unknownSession);
    return tempUsernameJson(identity);
  });
}
