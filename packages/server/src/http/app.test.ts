import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createHttpApp } from "./app.ts";

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
