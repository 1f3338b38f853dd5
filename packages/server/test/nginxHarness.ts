import { readFileSync } from "node:fs";
import { request } from "node:http";
import { createServer, type Socket, connect as tcpConnect } from "node:net";
import { join } from "node:path";

// Helpers for tests that run the site as separate processes behind nginx (nginx.test.ts).

/**
 * The shipped config with this test's listen port, node ports and a directory for everything nginx
 * writes. Throws when a line it rewrites is missing, so a reshaped config fails here and not silently.
 */
export function renderConf(src: string, o: { listen: number; nodes: number[]; dir: string; sticky?: boolean }): string {
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

/** A POST sent from a chosen loopback address (127.0.0.2, ...), as a client elsewhere would. */
export function postFrom(localAddress: string, url: string, body: unknown, headers: Record<string, string> = {}) {
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

/**
 * The node that answered the `nth` logged request for `path` (1 = the first), read from nginx's access
 * log: the last address of `upstream=`, which lists every node tried. nginx writes the line once it has
 * sent the answer, so the client may have it first: the line is waited for, up to 5 s.
 */
export async function upstreamPortOf(dir: string, path: string, nth: number): Promise<number> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const lines = readFileSync(join(dir, "access.log"), "utf8").split("\n");
    const line = lines.filter((l) => l.includes(`"GET ${path} `))[nth - 1];
    const match = /upstream=(?:\S+, )*127\.0\.0\.1:(\d+) /.exec(line ?? "");
    if (match) return Number(match[1]);
    if (Date.now() > deadline) throw new Error(`no GET ${path} number ${nth} with an upstream in the access log`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A TCP relay to a service (Redis, here) that a test can cut, as an outage would: every open connection
 * is dropped and new ones are closed at once, until `restore()`.
 */
export async function cuttableRelay(host: string, port: number) {
  const open = new Set<Socket>();
  let cut = false;
  const server = createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = tcpConnect(port, host);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    for (const s of [client, upstream]) {
      open.add(s);
      s.on("error", drop);
      s.on("close", drop);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : 0,
    cut() {
      cut = true;
      for (const s of open) s.destroy();
      open.clear();
    },
    restore() {
      cut = false;
    },
    close(): Promise<void> {
      this.cut();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
