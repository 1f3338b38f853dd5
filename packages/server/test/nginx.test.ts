import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, createTestDatabase, http, redisEnv, type TestSocket } from "./harness.ts";
import { guest, play, startGame, uniqueName } from "./players.ts";

// deploy/nginx.conf in front of two real server processes on one PostgreSQL and one Redis, as in
// docs/DEPLOYMENT.md: the config is the shipped file with only its ports and paths rewritten.
const NGINX = "/usr/sbin/nginx";
const ready = existsSync(NGINX) && Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const shippedConf = fileURLToPath(new URL("../../../deploy/nginx.conf", import.meta.url));
const cli = fileURLToPath(new URL("../src/cli.ts", import.meta.url));
const SIGNUP_LIMIT = 3;
const FOREIGN = "http://evil.example";

/**
 * The shipped config with this test's listen port, node ports and a directory for everything nginx
 * writes. Throws when a line it rewrites is missing, so a reshaped config fails here and not silently.
 */
function renderConf(src: string, o: { listen: number; nodes: number[]; dir: string; sticky?: boolean }): string {
  let out = src;
  const rewrite = (pattern: RegExp, to: (...m: string[]) => string, count = 1) => {
    const found = out.match(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`))?.length ?? 0;
    if (found !== count)
      throw new Error(`deploy/nginx.conf: ${count} line(s) like ${pattern} expected, ${found} found`);
    out = out.replace(pattern, to);
  };
  rewrite(/^(\s*)listen 80;$/m, (_m, indent) => `${indent}listen 127.0.0.1:${o.listen};`);
  rewrite(/^pid \S+;$/m, () => `pid ${o.dir}/nginx.pid;`);
  rewrite(/^error_log \S+/m, () => `error_log ${o.dir}/error.log`);
  rewrite(/^(\s*access_log) \/\S+/m, (_m, head) => `${head} ${o.dir}/access.log`);
  rewrite(/^(\s*)(\w+)_temp_path \S+;$/gm, (_m, indent, kind) => `${indent}${kind}_temp_path ${o.dir}/${kind};`, 5);
  let n = 0;
  rewrite(/^(\s*server) 127\.0\.0\.1:\d+/gm, (_m, head) => `${head} 127.0.0.1:${o.nodes[n++]}`, o.nodes.length);
  if (o.sticky === false) {
    // The control: plain round robin, in one worker so the rotation is strict.
    rewrite(/^(\s*)ip_hash;$/m, (_m, indent) => `${indent}# no ip_hash`);
    rewrite(/^worker_processes \w+;$/m, () => "worker_processes 1;");
  }
  const live = out.split("\n").filter((line) => !line.trim().startsWith("#"));
  const outside = live.filter((line) => /\s\/(var|run|etc)\//.test(line));
  if (outside.length > 0) throw new Error(`nginx would write outside its temp dir:\n${outside.join("\n")}`);
  return out;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function waitFor(what: string, ok: () => Promise<boolean>, child: ChildProcess, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what}: exited with ${child.exitCode}`);
    if (await ok().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${what}: not ready within ${ms} ms`);
}

function stop(child: ChildProcess | undefined, signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child?.exitCode ?? null);
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 12_000);
    child.once("exit", (code) => {
      clearTimeout(force);
      resolve(code);
    });
    child.kill(signal);
  });
}

/** A POST sent from a chosen loopback address (127.0.0.2, ...), as a client elsewhere would. */
function postFrom(localAddress: string, url: string, body: unknown, headers: Record<string, string> = {}) {
  return new Promise<number>((resolve, reject) => {
    const req = request(url, {
      method: "POST",
      localAddress,
      headers: { "content-type": "application/json", ...headers },
    });
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

const signupBody = (username: string) => ({
  username,
  email: `${username.toLowerCase()}@example.com`,
  password: "correct horse",
});

/** The node that answered the last logged request, read from nginx's access log (the last one it tried). */
function lastUpstreamPort(dir: string): number {
  const lines = readFileSync(join(dir, "access.log"), "utf8").trim().split("\n");
  const match = /upstream=(?:\S+, )*127\.0\.0\.1:(\d+) /.exec(lines[lines.length - 1] ?? "");
  if (!match) throw new Error(`no upstream in the access log's last line: ${lines[lines.length - 1]}`);
  return Number(match[1]);
}

let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let dir = "";
let origin = "";
let nodePorts: number[] = [];
const nodes = new Map<number, ChildProcess>();
const proxies: ChildProcess[] = [];
const sockets: TestSocket[] = [];

/** One node of the site as its own process, the way `npm start` runs it behind nginx. */
async function spawnNode(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ["--import", "tsx", cli], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  nodes.set(port, proc);
  await waitFor(`node on :${port}`, async () => (await fetch(`http://127.0.0.1:${port}/health`)).ok, proc);
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
  const env = {
    ...db.env,
    ...redisEnv(`nginx${process.pid}`),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    PUBLIC_ORIGIN: origin,
    TRUST_PROXY: "true",
    SIGNUP_LIMIT_PER_IP: String(SIGNUP_LIMIT),
    JUMPSTART_POOL_SIZE: "0",
    ENGINE_WORKERS: "1",
    ENGINE_NICENESS: "0",
  };
  await Promise.all(nodePorts.map((port) => spawnNode(port, env)));
  await startNginx("main", listen);
}, 60_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all(proxies.map((p) => stop(p)));
  await Promise.all([...nodes.values()].map((p) => stop(p)));
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe.runIf(ready)("deploy/nginx.conf in front of two nodes", () => {
  it("passes GET /health to a node, which reports PostgreSQL and Redis up", async () => {
    const res = await http(origin, "GET", "/health");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "ok", database: "postgres", redis: "ready" });
    // At least these two; the adapter also counts servers of other sites (and test files) on the same Redis.
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

  it("keeps serving through a rolling restart: a node stopped with SIGTERM, its sockets reconnect to the other", async () => {
    const socket: TestSocket = io(origin, {
      transports: ["websocket"],
      extraHeaders: { origin },
      forceNew: true,
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    });
    sockets.push(socket);
    // As the web app does: reconnect when the server ended the connection (Socket.IO will not by itself).
    socket.on("disconnect", (reason) => {
      if (reason === "io server disconnect") setTimeout(() => socket.connect(), 500);
    });
    const first = await new Promise<{ sessionId: string }>((resolve) => socket.once("session", resolve));
    socket.auth = { sessionId: first.sessionId };
    // ip_hash sends every client of this test to one node: that is the one to stop.
    await http(origin, "GET", "/user/temp-username", { headers: { "session-id": first.sessionId } });
    const serving = lastUpstreamPort(join(dir, "main"));
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
    await http(origin, "GET", "/user/temp-username", { headers: { "session-id": first.sessionId } });
    expect(lastUpstreamPort(join(dir, "main"))).toBe(other);
  });
});

it.skipIf(ready)("needs /usr/sbin/nginx, DATABASE_URL and REDIS_URL for the nginx test (CI sets all three)", () => {});
