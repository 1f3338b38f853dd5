import { createServer, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach, expect, it } from "vitest";
import { drainConnections } from "./drain.ts";

// Plain Node servers with the keep-alive timeout Fastify uses (72 s): closing one waits for every
// connection, so each test ends only if the drain lets go of them.
let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

async function serve(handler: Parameters<typeof createServer>[1], graceMs = 60_000) {
  server = createServer({ keepAliveTimeout: 72_000 }, handler);
  const drain = drainConnections(server, { upgradedGraceMs: graceMs });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const closed = new Promise<void>((resolve) => server?.once("close", resolve));
  return { drain, port, closed };
}

/** A raw client connection, as a proxy's pooled one: what it received, and whether the server closed it. */
async function client(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  let received = "";
  socket.on("data", (d) => {
    received += d.toString();
  });
  const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  return { socket, ended, received: () => received };
}

const GET = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";

it("answers a request in flight with Connection: close, then lets its connection go", async () => {
  let answer: (() => void) | undefined;
  const { drain, port, closed } = await serve((_req, res) => {
    answer = () => res.end("done");
  });
  const c = await client(port);
  c.socket.write(GET);
  await expect.poll(() => answer).toBeDefined();
  drain.start();
  answer?.();
  await c.ended;
  await closed;
  expect(c.received()).toMatch(/^HTTP\/1\.1 200 [\s\S]*\r\nconnection: close\r\n[\s\S]*done$/i);
});

it("closes at once a connection that is idle or has not sent its first request yet", async () => {
  const { drain, port, closed } = await serve((_req, res) => res.end("ok"));
  const used = await client(port);
  used.socket.write(GET);
  await expect.poll(() => used.received()).toMatch(/ok$/);
  const fresh = await client(port);
  await new Promise((resolve) => setTimeout(resolve, 50));
  drain.start();
  await Promise.all([used.ended, fresh.ended, closed]);
  expect(fresh.received()).toBe("");
});

it("cuts an upgraded connection whose peer never finishes closing, once the grace is over", async () => {
  const { drain, port, closed } = await serve(() => {}, 200);
  server?.on("upgrade", (_req, socket) => socket.write("HTTP/1.1 101 Switching Protocols\r\n\r\n"));
  const c = await client(port);
  c.socket.write("GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n");
  await expect.poll(() => c.received()).toMatch(/^HTTP\/1\.1 101/);
  drain.start();
  await Promise.all([c.ended, closed]);
});
