import { type Actor, SESSION_COOKIE } from "@chess/shared";
import fastifyCookie from "@fastify/cookie";
import { type Handshake, HandshakeRefused } from "../../realtime/sockets.ts";
import { preferredIdentity } from "./accountsAuth.ts";
import type { AccountsService } from "./accountsService.ts";

/**
 * The identity of a connecting socket: the cookie's or the `auth.sessionId` the tab stored (an account before
 * a guest, the browser's guest before the tab's: every tab of a browser is one guest), else a new guest
 * session (which the web then keeps in the cookie: POST /user/guest-session).
 */
export async function identifySocket(service: AccountsService, handshake: Handshake): Promise<Actor> {
  const cookies = handshake.cookieHeader ? fastifyCookie.parse(handshake.cookieHeader) : {};
  const cookie = cookies[SESSION_COOKIE];
  const fromCookie = await service.resolve(cookie);
  const known = preferredIdentity(
    fromCookie,
    fromCookie && !fromCookie.isGuest
      ? undefined
      : handshake.sessionId === cookie
        ? undefined
        : await service.resolve(handshake.sessionId),
  );
  if (known) return known;
  const guest = await service.createGuest(handshake.address);
  if (!guest.ok)
    throw new HandshakeRefused("Too many new guest sessions from your address - log in, or try again later");
  return guest.data;
}
