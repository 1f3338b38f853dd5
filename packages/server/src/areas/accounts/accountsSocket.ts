import { type Actor, SESSION_COOKIE } from "@chess/shared";
import fastifyCookie from "@fastify/cookie";
import { type Handshake, HandshakeRefused } from "../../realtime/sockets.ts";
import type { AccountsService } from "./accountsService.ts";

/**
 * The identity of a connecting socket: the logged-in cookie first (it is what every tab of the browser
 * shares), then the `auth.sessionId` the tab stored, else a new guest session.
 */
export async function identifySocket(service: AccountsService, handshake: Handshake): Promise<Actor> {
  const cookies = handshake.cookieHeader ? fastifyCookie.parse(handshake.cookieHeader) : {};
  const fromCookie = await service.resolve(cookies[SESSION_COOKIE]);
  if (fromCookie) return fromCookie;
  const fromAuth = await service.resolve(handshake.sessionId);
  if (fromAuth) return fromAuth;
  const guest = await service.createGuest(handshake.address);
  if (!guest.ok)
    throw new HandshakeRefused("Too many new guest sessions from your address - log in, or try again later");
  return guest.data;
}
