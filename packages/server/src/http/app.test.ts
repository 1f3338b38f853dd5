import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createHttpApp } from "./app.ts";
import { HttpError } from "./errors.ts";

describe("serving the web build", () => {
  const dist = mkdtempSync(join(tmpdir(), "web-dist-"));
  const script = `console.log(${JSON.stringify("x".repeat(4000))});`;
  let app: FastifyInstance;

  beforeAll(async () => {
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><div id=root></div>");
    writeFileSync(join(dist, "assets/index-abc.js"), script);
    writeFileSync(join(dist, "assets/index-abc.js.br"), brotliCompressSync(script));
    writeFileSync(join(dist, "assets/index-abc.js.gz"), gzipSync(script));
    app = await createHttpApp(loadConfig({ WEB_DIST: dist, LOG_LEVEL: "silent" }));
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("sends the pre-compressed asset the browser accepts, cached for good", async () => {
    const br = await app.inject({ url: "/assets/index-abc.js", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toContain("immutable");
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await app.inject({ url: "/assets/index-abc.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");

    const plain = await app.inject({ url: "/assets/index-abc.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("answers client routes with the app page, not cached", async () => {
    const page = await app.inject({ url: "/leaderboards", headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<div id=root>");
    expect(page.headers["cache-control"]).toBe("no-cache");
  });
});

describe("logging failed requests", () => {
  it("logs a 5xx the code chose as a warning without a stack, and an unexpected error with its stack", async () => {
    const stream = new PassThrough();
    const lines: Array<Record<string, unknown>> = [];
    stream.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
    });
    const app = await createHttpApp(loadConfig({ LOG_LEVEL: "info" }), { logStream: stream });
    app.get("/restarting", async () => {
      throw new HttpError(503, "restarting", "The server is restarting - please try again", { "retry-after": "3" });
    });
    app.get("/bug", async () => {
      throw new Error("a bug");
    });
    try {
      const restarting = await app.inject({ url: "/restarting" });
      expect(restarting.statusCode).toBe(503);
      expect(restarting.headers["retry-after"]).toBe("3");
      expect((await app.inject({ url: "/bug" })).statusCode).toBe(500);
      await new Promise((r) => setImmediate(r));
      const chosen = lines.find((l) => l.code === "restarting");
      expect(chosen).toMatchObject({ level: 40, status: 503, msg: "The server is restarting - please try again" });
      expect(chosen?.err).toBeUndefined();
      const bug = lines.find((l) => l.msg === "request failed");
      expect(bug).toMatchObject({ level: 50 });
      expect((bug?.err as { stack?: string } | undefined)?.stack).toContain("a bug");
    } finally {
      await app.close();
    }
  });
});
