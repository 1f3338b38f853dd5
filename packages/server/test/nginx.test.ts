import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, createTestDatabase, http, redisEnv, type TestSocket } from "./harness.ts";
import { cuttableRelay, postFrom, renderConf, upstreamPortOf } from "./nginxHarness.ts";
import { guest, play, startGame, uniqueName } from "./players.ts";
import { freePort, spawnServer, stop, waitFor } from "./processes.ts";

// deploy/nginx.conf in front of two real server processes on one PostgreSQL and one Redis, as in
// docs/DEPLOYMENT.md: the config is the shipped file with only its ports and paths rewritten.
const NGINX = "/usr/sbin/nginx";
const ready = existsSync(NGINX) && Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const NEEDS = "needs /usr/sbin/nginx, DATABASE_URL and REDIS_URL; CI sets all three";
const shippedConf = fileURLToPath(new URL("../../../deploy/nginx.conf", import.meta.url));
const SIGNUP_LIMIT = 3;
const FOREIGN = "http://evil.example";

const signupBody = (username: string) => ({
  username,
  email: `${username.toLowerCase()}@example.com`,
  password: "correct horse",
});

let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
// The nodes reach Redis through it, so a test can take Redis away from them alone.
let redisRelay: Awaited<ReturnType<typeof cuttableRelay>> | undefined;
let dir = "";
let origin = "";
let nodePorts: number[] = [];
const nodes = new Map<number, ChildProcess>();
const proxies: ChildProcess[] = [];
const sockets: TestSocket[] = [];

/** One node of the site as its own process, the way `npm start` runs it behind nginx. */
async function spawnNode(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const proc = await spawnServer(port, env);
  nodes.set(port, proc);
  return proc;
}

/** nginx in the foreground with a rendered copy of the shipped config; resolves once it answers. */
async function startNginx(name: string, listen: number, sticky = true): Promise<ChildProcess> {
  const home = join(dir, name);
  mkdirSync(home);
  const conf = join(dir, `${name}.conf`);
  writeFileSync(conf, renderConf(readFileSync(shippedConf, "utf8"), { listen, nodes: nodePorts, dir: home, sticky }));
  const proc = spawn(NGINX, ["-p", `${home}/`, "-c", conf, "-e", join(home, "error.log"), "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  proxies.push(proc);
  await waitFor(name, async () => (await fetch(`http://127.0.0.1:${listen}/health`)).ok, proc, 10_000);
  return proc;
}

/** Connects a socket, keeping it for afterAll to close. */
async function guestVia(base: string, transports: Array<"polling" | "websocket">) {
  const p = await guest(base, { origin, transports });
  sockets.push(p.socket);
  return p;
}

beforeAll(async () => {
  if (!ready) return;
  db = await createTestDatabase();
  dir = mkdtempSync(join(tmpdir(), "chess-nginx-"));
  // Started as root, nginx's workers run as nobody: they must reach their temp dirs.
  chmodSync(dir, 0o755);
  const listen = await freePort();
  origin = `http://127.0.0.1:${listen}`;
  nodePorts = [await freePort(), await freePort()];
  const redisUrl = new URL(process.env.REDIS_URL ?? "");
  redisRelay = await cuttableRelay(redisUrl.hostname, Number(redisUrl.port || 6379));
  redisUrl.hostname = "127.0.0.1";
  redisUrl.port = String(redisRelay.port);
  const env = {
    ...db.env,
    ...redisEnv(`nginx${process.pid}`),
    REDIS_URL: redisUrl.toString(),
    PUBLIC_ORIGIN: origin,
    TRUST_PROXY: "true",
    SIGNUP_LIMIT_PER_IP: String(SIGNUP_LIMIT),
  };
  await Promise.all(nodePorts.map((port) => spawnNode(port, env)));
  await startNginx("main", listen);
}, 60_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all(proxies.map((p) => stop(p)));
  await Promise.all([...nodes.values()].map((p) => stop(p)));
  await redisRelay?.close();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe.skipIf(!ready)(`deploy/nginx.conf in front of two nodes (${NEEDS})`, () => {
  it("passes GET /health to a node, which reports PostgreSQL and Redis up", async () => {
    const res = await http(origin, "GET", "/health");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "ok", database: "postgres", redis: "ready" });
    // Both nodes, at least: while the adapter's pub/sub channel is not under REDIS_PREFIX, it also counts
    // the servers of other test files on the same Redis.
    expect(res.json.nodes).toBeGreaterThanOrEqual(2);
    expect(res.headers.get("server")).toBe("nginx");
  });

  it("signs up and logs in over HTTP from the public origin, and refuses a foreign Origin", async () => {
    const name = uniqueName("ngx");
    const headers = { origin };
    expect((await http(origin, "POST", "/user/create", { headers, body: signupBody(name) })).status).toBe(201);
    const login = await http(origin, "POST", "/user/login", {
      headers,
      body: { username: name, password: "correct horse" },
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^sid=[^;]+;.*HttpOnly/);
    expect(cookie).not.toMatch(/Secure/);
    const me = await http(origin, "GET", "/user", { headers: { cookie: cookie.split(";")[0] ?? "" } });
    expect(me.json).toMatchObject({ username: name });
    const forged = await http(origin, "POST", "/user/login", {
      headers: { origin: FOREIGN },
      body: { username: name, password: "correct horse" },
    });
    expect(forged.status).toBe(403);
  });

  it("gives the nodes the client's address as nginx saw it, which a forged X-Forwarded-For cannot change", async () => {
    const url = `${origin}/user/create`;
    for (let i = 0; i < SIGNUP_LIMIT; i++) {
      const status = await postFrom("127.0.0.2", url, signupBody(uniqueName("ipa")), {
        "x-forwarded-for": `203.0.113.${i + 1}`,
      });
      expect(status).toBe(201);
    }
    const over = await postFrom("127.0.0.2", url, signupBody(uniqueName("ipa")), { "x-forwarded-for": "203.0.113.99" });
    expect(over).toBe(429);
    // Another address has its own allowance: the nodes count clients, not nginx.
    expect(await postFrom("127.0.0.3", url, signupBody(uniqueName("ipb")))).toBe(201);
  });

  it.each([
    ["websocket only", ["websocket"]],
    ["long-polling, then upgrade to websocket", ["polling", "websocket"]],
    ["long-polling only", ["polling"]],
  ] as const)("carries a game between two guests over %s, to a resignation", async (_name, transports) => {
    const a = await guestVia(origin, [...transports]);
    const b = await guestVia(origin, [...transports]);
    const { white, black, game } = await startGame(a, b, { baseTime: 5, increment: 0, selectedColor: "white" });
    await play(white, black, game.gameId, ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"]);
    const over = white.next("gameOver");
    expect((await black.emit("forfeit", { gameId: game.gameId })).ok).toBe(true);
    expect(await over).toMatchObject({ winningColor: "white", reason: "resign" });
    for (const p of [white, black]) {
      const engine = p.socket.io.engine;
      expect(engine.transport.name).toBe(transports.length === 1 ? transports[0] : "websocket");
    }
  });

  it("refuses a socket handshake from a foreign Origin", async () => {
    for (const transports of [["websocket"], ["polling"]] as const) {
      await expect(connect(origin, { origin: FOREIGN, transports: [...transports] })).rejects.toThrow();
    }
  });

  it("needs its stickiness: without ip_hash, a long-polling client is lost between the nodes", async () => {
    const listen = await freePort();
    await startNginx("roundrobin", listen, false);
    const base = `http://127.0.0.1:${listen}`;
    const attempt = connect(base, { origin, transports: ["polling"] }).then((c) => {
      sockets.push(c.socket);
      return "connected";
    });
    await expect(attempt).rejects.toThrow(/xhr (poll|post) error/);
    // The log says why: the handshake made by one node, the next request of that session sent to the other.
    const log = readFileSync(join(dir, "roundrobin", "access.log"), "utf8")
      .trim()
      .split("\n");
    const upstream = (line: string | undefined) => /upstream=(\S+) /.exec(line ?? "")?.[1];
    const handshake = log.find((l) => l.includes("transport=polling") && !l.includes("sid=") && l.includes('" 200 '));
    const lost = log.find((l) => l.includes("sid=") && l.includes('" 400 '));
    expect(handshake).toBeDefined();
    expect(upstream(lost)).not.toBe(upstream(handshake));
    // The same client over websocket alone needs no stickiness: one request, one node.
    const ws = await connect(base, { origin, transports: ["websocket"] });
    sockets.push(ws.socket);
    expect(ws.session.sessionId).toBeTruthy();
  });

  it("keeps every node in rotation while Redis is away: /health says degraded, the site still answers", async () => {
    const health = async () => {
      const res = await http(origin, "GET", "/health");
      return `${res.status} ${String(res.json?.status)}`;
    };
    redisRelay?.cut();
    try {
      const deadline = Date.now() + 10_000;
      while ((await health()) !== "200 degraded") {
        if (Date.now() > deadline) throw new Error("/health did not notice that Redis is away");
        await new Promise((r) => setTimeout(r, 100));
      }
      for (let i = 0; i < 3; i++) expect(await health()).toBe("200 degraded");
      expect((await http(origin, "GET", "/user")).status).toBe(401);
    } finally {
      redisRelay?.restore();
    }
    const deadline = Date.now() + 10_000;
    while ((await health()) !== "200 ok") {
      if (Date.now() > deadline) throw new Error("/health did not recover with Redis");
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it("keeps serving through a rolling restart: a node stopped with SIGTERM, its sockets reconnect to the other", async () => {
    const socket: TestSocket = io(origin, {
      transports: ["websocket"],
      extraHeaders: { origin },
      forceNew: true,
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    });
    sockets.push(socket);
    // Socket.IO's own reconnection and nothing else: a stopping node closes the connection as a network drop
    // would, so a client that knows nothing of this site comes back by itself.
    const drops: string[] = [];
    socket.on("disconnect", (reason) => drops.push(reason));
    const first = await new Promise<{ sessionId: string }>((resolve) => socket.once("session", resolve));
    socket.auth = { sessionId: first.sessionId };
    // ip_hash sends every client of this test to one node: that is the one to stop.
    await http(origin, "GET", "/user/temp-username", { headers: { "session-id": first.sessionId } });
    const serving = await upstreamPortOf(join(dir, "main"), "/user/temp-username", 1);
    const other = nodePorts.find((p) => p !== serving);
    expect(other).toBeDefined();

    const again = new Promise<{ sessionId: string }>((resolve) => socket.once("session", resolve));
    const exited = stop(nodes.get(serving));
    for (let i = 0; i < 10; i++) {
      expect((await http(origin, "GET", "/health")).status).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await exited).toBe(0);
    expect((await again).sessionId).toBe(first.sessionId);
    expect(drops).toEqual(["transport close"]);
    await http(origin, "GET", "/user/temp-username", { headers: { "session-id": first.sessionId } });
    expect(await upstreamPortOf(join(dir, "main"), "/user/temp-username", 2)).toBe(other);
  });
});
