import type { Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";

/**
 * Lets a stopping HTTP server's connections go as soon as they are done. Node's `server.close()` closes
 * only the keep-alive connections idle at that moment, then waits for every other one:
 * - one busy then (a proxy's pooled connection with a request in flight) stays open after its answer,
 *   for the proxy to reuse, until a keep-alive timeout a minute away;
 * - one accepted but with no request yet counts as busy, so the request it then brings meets the
 *   shutdown (Fastify answers 503) instead of being sent to another node;
 * - an upgraded one (a websocket) stays until its peer answers the close frame: 30 s if it never does.
 * Call it once Socket.IO is attached: engine.io takes over the `request` listeners there before.
 */
export function drainConnections(server: Server, opts: { upgradedGraceMs: number }) {
  const answering = new Set<ServerResponse>();
  const unused = new Set<Socket>();
  const upgraded = new Set<Duplex>();
  let draining = false;
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader("connection", "close");
  };

  server.on("connection", (socket: Socket) => {
    unused.add(socket);
    socket.once("close", () => unused.delete(socket));
  });
  server.prependListener("request", (req, res) => {
    unused.delete(req.socket);
    if (draining) closeAfter(res);
    answering.add(res);
    res.once("close", () => {
      answering.delete(res);
      // An answer that began before the drain went out keep-alive: its connection is idle now.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });
  server.on("upgrade", (_req, socket: Socket) => {
    unused.delete(socket);
    upgraded.add(socket);
    socket.once("close", () => upgraded.delete(socket));
  });

  return {
    /**
     * Stops listening and closes the connections with nothing in flight at once, so a proxy sends its
     * next requests to another node. Every answer from now on says `Connection: close`; upgraded
     * connections still open after the grace are cut. The server's owner still closes it, which now
     * waits only for the requests in flight.
     */
    start(): void {
      if (draining) return;
      draining = true;
      server.close();
      for (const socket of unused) socket.destroy();
      for (const res of answering) closeAfter(res);
      const cut = setTimeout(() => {
        for (const socket of upgraded) socket.destroy();
      }, opts.upgradedGraceMs);
      cut.unref();
      server.once("close", () => clearTimeout(cut));
    },
  };
}
