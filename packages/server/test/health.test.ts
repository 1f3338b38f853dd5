import { spawnSync } from "node:child_process";
import { closeSync, cpSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase, http, startTestServer, type TestServer } from "./harness.ts";
import { startTcpProxy, type TcpProxy } from "./tcpProxy.ts";

/** A small tmpfs of our own (root only): a data disk that can be filled without touching the machine's. */
function mountSmallDisk(megabytes: number): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), "chess-disk-"));
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", `size=${megabytes}m`, "tmpfs", dir]).status === 0;
  if (!mounted) rmSync(dir, { recursive: true, force: true });
  return mounted ? dir : undefined;
}

/** Writes zeros into `path` until the disk refuses (ENOSPC). */
function fill(path: string): void {
  const fd = openSync(path, "w");
  const chunk = Buffer.alloc(1024 * 1024);
  try {
    for (;;) writeSync(fd, chunk);
  } catch {
    // The disk is full.
  } finally {
    closeSync(fd);
  }
}

const probe = process.env.DATABASE_URL ? undefined : mountSmallDisk(1);
if (probe) {
  spawnSync("umount", [probe]);
  rmSync(probe, { recursive: true, force: true });
}

// The embedded database's own disk; with DATABASE_URL the node keeps nothing on its disk.
describe.skipIf(probe === undefined)("/health of a node whose data disk fills (embedded, needs root for tmpfs)", () => {
  let disk: string;
  let server: TestServer;
  beforeAll(async () => {
    disk = mountSmallDisk(160) as string;
    const template = inject("pgliteTemplate");
    if (template) cpSync(template, join(disk, "db"), { recursive: true });
    server = await startTestServer({ DATA_DIR: disk });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    spawnSync("umount", [disk]);
    rmSync(disk, { recursive: true, force: true });
  });

  it("says how much room is left, answers 503 once the disk is full, and 200 when room is made", async () => {
    const before = await http(server.url, "GET", "/health");
    expect(before.status).toBe(200);
    expect(before.json.diskFreeBytes).toBeGreaterThan(32 * 1024 * 1024);

    const filler = join(disk, "filler");
    fill(filler);
    const full = await http(server.url, "GET", "/health");
    expect(full.status).toBe(503);
    expect(full.json).toMatchObject({ status: "unavailable", unavailable: ["data disk full"] });

    rmSync(filler);
    expect((await http(server.url, "GET", "/health")).status).toBe(200);
  });
});

// The Redis of the storage pass, reached through a proxy that can go silent (a partition, not a refusal).
describe.skipIf(!process.env.REDIS_URL)("/health of a node whose Redis stops answering", () => {
  let proxy: TcpProxy;
  let server: TestServer;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    const target = new URL(process.env.REDIS_URL as string);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    db = await createTestDatabase();
    server = await startTestServer({ ...db.env, REDIS_URL: `redis://127.0.0.1:${proxy.port}` });
  }, 120_000);
  afterAll(async () => {
    proxy?.up();
    await server?.close();
    await proxy?.close();
    await db?.drop();
  });

  it("says Redis is unresponsive (degraded), though its connection still looks ready", async () => {
    expect((await http(server.url, "GET", "/health")).json).toMatchObject({ status: "ok", redis: "ready" });
    proxy.stall();
    const stalled = await http(server.url, "GET", "/health");
    expect(stalled.status).toBe(200);
    expect(stalled.json).toMatchObject({ status: "degraded", redis: "unresponsive" });
    proxy.up();
  });
});
