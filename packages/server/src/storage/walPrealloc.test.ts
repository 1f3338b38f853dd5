import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WalPreallocator } from "./walPrealloc.ts";

const SEGMENT = 1 << 20;

describe("WalPreallocator: the next WAL segment made ready when one is opened", () => {
  let root: string;
  let wal: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "wal-prealloc-"));
    wal = join(root, "pg_wal");
    mkdirSync(wal);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const segment = (name: string, fill = 0) => {
    writeFileSync(join(wal, name), Buffer.alloc(SEGMENT, fill));
    return join(wal, name);
  };

  it("writes the next segment, zero-filled to the size of the one opened, and leaves no temporary file", async () => {
    const errors: unknown[] = [];
    const prealloc = new WalPreallocator((e) => errors.push(e));
    prealloc.opened(segment("000000010000000000000007"));
    await prealloc.settled();
    const next = readFileSync(join(wal, "000000010000000000000008"));
    expect(next.length).toBe(SEGMENT);
    expect(next.every((b) => b === 0)).toBe(true);
    expect(readdirSync(wal).sort()).toEqual(["000000010000000000000007", "000000010000000000000008"]);
    expect(prealloc.prepared).toBe(1);
    expect(errors).toEqual([]);
  });

  it("keeps a segment PostgreSQL already has, and prepares each only once", async () => {
    const prealloc = new WalPreallocator();
    const current = segment("000000010000000000000007");
    segment("000000010000000000000008", 0x55);
    prealloc.opened(current);
    prealloc.opened(current);
    await prealloc.settled();
    expect(readFileSync(join(wal, "000000010000000000000008")).every((b) => b === 0x55)).toBe(true);
    expect(prealloc.prepared).toBe(0);
  });

  it("once stopped, finishes the segment under way and prepares no other (the database is closing)", async () => {
    const prealloc = new WalPreallocator();
    prealloc.opened(segment("000000010000000000000007"));
    await prealloc.stop();
    // stop() resolved only after the segment asked for before it was on disk, whole.
    expect(readFileSync(join(wal, "000000010000000000000008")).length).toBe(SEGMENT);
    prealloc.opened(segment("000000010000000000000009"));
    await prealloc.settled();
    expect(existsSync(join(wal, "00000001000000000000000A"))).toBe(false);
    expect(prealloc.prepared).toBe(1);
  });

  it("leaves files that are not WAL segments alone", async () => {
    const prealloc = new WalPreallocator();
    writeFileSync(join(root, "000000010000000000000001"), Buffer.alloc(SEGMENT));
    prealloc.opened(join(root, "000000010000000000000001"));
    writeFileSync(join(wal, "00000002.history"), "1\t0/3000000\tno recovery target\n");
    prealloc.opened(join(wal, "00000002.history"));
    await prealloc.settled();
    expect(existsSync(join(root, "000000010000000000000002"))).toBe(false);
    expect(readdirSync(wal)).toEqual(["00000002.history"]);
  });

  it("says nothing of a segment gone by the time it looks (a checkpoint recycled it under a new name)", async () => {
    const errors: unknown[] = [];
    const prealloc = new WalPreallocator((e) => errors.push(e));
    const old = segment("000000010000000000000001");
    prealloc.opened(old);
    rmSync(old);
    await prealloc.settled();
    expect(errors).toEqual([]);
    expect(readdirSync(wal)).toEqual([]);
    expect(prealloc.prepared).toBe(0);
  });

  it("reports a segment it could not make ready, and stays usable", async () => {
    const errors: unknown[] = [];
    const prealloc = new WalPreallocator((e) => errors.push(e));
    // Its temporary file cannot be made: a directory holds the name.
    mkdirSync(join(wal, "xlogtemp.prealloc"));
    prealloc.opened(segment("000000010000000000000003"));
    await prealloc.settled();
    expect(errors).toMatchObject([{ code: "EISDIR" }]);
    expect(existsSync(join(wal, "000000010000000000000004"))).toBe(false);
    rmSync(join(wal, "xlogtemp.prealloc"), { recursive: true });
    prealloc.opened(segment("000000010000000000000004"));
    await prealloc.settled();
    expect(existsSync(join(wal, "000000010000000000000005"))).toBe(true);
  });
});
