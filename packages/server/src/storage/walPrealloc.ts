/**
 * The next WAL segment, made ready before PostgreSQL needs it. A PostgreSQL server's checkpointer does this
 * (it recycles old segments, and PostgreSQL opens a segment that exists instead of creating one); PGlite has
 * no checkpointer, so each segment switch made the database thread write 16 MB of zeros and sync them while
 * every commit waited: 50-250 ms of stall every 16 MB of WAL. Here the segment is written, synced and linked
 * into place on libuv's threads as soon as the one before it is opened.
 */
import { constants } from "node:fs";
import { link, open, stat, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { isSegmentName, nextSegmentName } from "./walSegments.ts";

/**
 * PostgreSQL deletes `pg_wal/xlogtemp.*` when it starts after a crash, so a crash mid-way leaves nothing behind;
 * the worker waits for a segment being made ready before a clean shutdown.
 */
const TEMP_NAME = "xlogtemp.prealloc";
const CHUNK = 1 << 20;

async function syncDirectory(path: string): Promise<void> {
  const dir = await open(path, constants.O_RDONLY);
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    (e: NodeJS.ErrnoException) => {
      if (e.code === "ENOENT") return false;
      throw e;
    },
  );

export class WalPreallocator {
  /** Segments made ready so far. */
  prepared = 0;
  private requested = new Set<string>();
  private chain: Promise<void> = Promise.resolve();
  /**
   * Settles once the last segment linked into place has its directory entry on disk; rejects if that sync
   * failed. A flush of the WAL waits for it, so no commit written into that segment is acknowledged first.
   */
  installed: Promise<void> = Promise.resolve();
  private zeros: Buffer | undefined;
  private stopped = false;

  /** `onError` hears of a segment that could not be made ready (PostgreSQL then creates it itself). */
  constructor(private readonly onError: (error: unknown) => void = () => {}) {}

  /** PostgreSQL opened the file at `path`: if it is a WAL segment, the one after it is made ready. */
  opened(path: string): void {
    const dir = dirname(path);
    if (basename(dir) !== "pg_wal") return;
    const current = basename(path);
    if (this.stopped || !isSegmentName(current) || this.requested.has(current)) return;
    this.requested.add(current);
    this.chain = this.chain
      .then(() => this.prepareAfter(dir, current))
      .catch(this.onError)
      .finally(() => this.requested.delete(current));
  }

  /** Waits for the segments asked for so far (tests, shutdown); never rejects. */
  settled(): Promise<void> {
    return this.chain.then(() => this.installed).catch(() => {});
  }

  /**
   * Prepares no more segments (the database is closing: its shutdown checkpoint opens segments too) and
   * settles once the one under way, if any, is done. A file operation still running when the worker
   * thread is terminated aborts the whole process (Node's `req_wrap_async` assertion, seen at a SIGTERM).
   */
  stop(): Promise<void> {
    this.stopped = true;
    return this.settled();
  }

  private async prepareAfter(dir: string, current: string): Promise<void> {
    // A checkpoint opens an old segment to sync it just before it renames it for reuse: gone by now, and a
    // later segment is the one being written. Nothing to make ready.
    const opened = await stat(join(dir, current)).catch((e: NodeJS.ErrnoException) => {
      if (e.code === "ENOENT") return undefined;
      throw e;
    });
    if (!opened) return;
    // PostgreSQL zero-fills a segment to its full size when it creates it: the size of one is the size of all.
    const { size } = opened;
    const next = nextSegmentName(current, size);
    if (!next || (await exists(join(dir, next)))) return;
    const temp = join(dir, TEMP_NAME);
    try {
      const file = await open(temp, "w");
      try {
        this.zeros ??= Buffer.alloc(CHUNK);
        for (let at = 0; at < size; at += CHUNK) await file.write(this.zeros, 0, Math.min(CHUNK, size - at), at);
        await file.datasync();
      } finally {
        await file.close();
      }
    } catch (e) {
      // A full disk, say: no half-written file left behind.
      await unlink(temp).catch(() => {});
      throw e;
    }
    // From the link on, PostgreSQL may write into the segment: a WAL flush waits until its name is on disk.
    let release!: (sync: Promise<void>) => void;
    this.installed = new Promise<void>((resolve) => {
      release = resolve as (sync: Promise<void>) => void;
    });
    let linked = false;
    try {
      // link, not rename: if PostgreSQL got there first, its segment stays.
      await link(temp, join(dir, next));
      linked = true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    } finally {
      release(linked ? syncDirectory(dir) : Promise.resolve());
      await unlink(temp).catch(() => {});
    }
    await this.installed;
    if (linked) this.prepared++;
  }
}
