import { closeSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DiskSyncedNodeFS } from "./pgliteDiskSync.ts";

type Op = (...args: unknown[]) => unknown;

/** Emscripten's NODEFS as the filesystem wraps it: each file's real path, and operations that do nothing. */
function fakeNodefs(paths: Map<unknown, string>) {
  const stream_ops: Record<string, Op> = {
    open: () => undefined,
    close: () => undefined,
    write: (_s, _b, _o, length) => length,
    setattr: () => undefined,
  };
  const node_ops: Record<string, Op> = { mknod: () => ({}), rename: () => undefined };
  return { NODEFS: { realPath: (node: unknown) => paths.get(node) ?? "/", stream_ops, node_ops } };
}

describe("DiskSyncedNodeFS when a sync it makes fails", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "disk-sync-fail-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** The filesystem over a fake NODEFS, and a data file PostgreSQL has open and has written to. */
  function writtenDataFile() {
    const disk = new DiskSyncedNodeFS(dir);
    const failures: unknown[] = [];
    disk.onSyncFailed = (e) => failures.push(e);
    const node = {};
    const mod = fakeNodefs(new Map([[node, join(dir, "base/1/1234")]]));
    (disk as unknown as { wrap(m: unknown): void }).wrap(mod);
    const ops = mod.NODEFS.stream_ops as Record<string, Op>;
    const fd = openSync(join(dir, "data"), "w");
    const stream = { nfd: fd, node, shared: { refcount: 1 } };
    ops.open?.(stream);
    ops.write?.(stream, new Uint8Array([1, 2, 3, 4]), 0, 4, 0);
    // Unsynced when it is closed: closing syncs it first.
    return { disk, failures, fd, close: () => ops.close?.(stream) };
  }

  it("tells its owner, and fails the operation that needed it", () => {
    const file = writtenDataFile();
    // The descriptor gone behind its back: that sync fails (EBADF), as a failing disk's would (EIO).
    closeSync(file.fd);
    expect(file.close).toThrow();
    expect(file.failures).toHaveLength(1);
    expect((file.failures[0] as NodeJS.ErrnoException).code).toBe("EBADF");
  });

  it("says nothing while its syncs succeed", () => {
    const file = writtenDataFile();
    file.close();
    closeSync(file.fd);
    expect(file.failures).toEqual([]);
    expect(file.disk.state().unsyncedFiles).toBe(0);
  });
});
