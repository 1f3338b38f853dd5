/**
 * CSRF defence (ARCHITECTURE §6): a browser always sends `Origin` on cross-site state-changing requests and
 * on the websocket handshake; we accept only our own. Requests without it (curl, server-to-server) cannot
 * carry a victim's cookies from another site, so they pass.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  host: string | undefined,
  publicOrigin: string | undefined,
): boolean {
  if (origin === undefined) return true;
  if (publicOrigin && origin === publicOrigin) return true;
  if (!host) return false;
  return origin === `http://${host}` || origin === `https://${host}`;
}
