/**
 * PGlite's data folder, synced to disk. PGlite runs PostgreSQL with `fsync = off`, and its Node
 * filesystem (Emscripten's NODEFS) has no fsync anyway: what it writes stays in the OS page cache, so a
 * power cut loses acknowledged commits. This filesystem tracks every file PostgreSQL writes. What a commit
 * needs on disk is the WAL, as in PostgreSQL: `flush` fdatasyncs the WAL written since the last flush (on
 * libuv's threads, so the database thread goes on meanwhile). Other files are synced where PostgreSQL
 * would sync them, keeping its ordering rules:
 * - WAL before data: a data page, commit-log page or truncation is written only once the WAL written
 *   before it is on disk (all-zero pages that extend a relation need no WAL and skip this);
 * - a checkpoint is on disk before `global/pg_control` says it happened, and pg_control itself right after;
 * - a file closed with unsynced writes is synced before it is closed (a WAL segment switch, a checkpoint);
 * - a file created or renamed (a new WAL segment) has its directory entry synced.
 * The next WAL segment is made ready ahead, off the database thread (walPrealloc.ts).
 * Used in the database worker only (see pgliteWorker.ts).
 */
import * as fs from "node:fs";
import { dirname } from "node:path";
import { NodeFS } from "@electric-sql/pglite/nodefs";
import { WalPreallocator } from "./walPrealloc.ts";

type PGliteArg = Parameters<NodeFS["init"]>[0];
type EmscriptenOpts = Parameters<NodeFS["init"]>[1];

/** The parts of Emscripten's FS stream and node objects that the wrappers use. */
interface Stream {
  nfd: number;
  node: unknown;
  shared: { refcount: number };
}
interface NodeFsModule {
  NODEFS: {
    realPath(node: unknown): string;
    stream_ops: Record<string, (...args: never[]) => unknown>;
    node_ops: Record<string, (...args: never[]) => unknown>;
  };
}

interface OpenFile {
  wal: boolean;
  control: boolean;
}

/** What the filesystem did, for tests and the benchmark. */
export interface DiskSyncStats {
  /** fdatasync calls made (grouped flushes, and the synchronous ones the ordering rules need). */
  fdatasyncs: number;
  /** Directories synced after a file was created or renamed in them. */
  dirSyncs: number;
  flushes: number;
}

/** Files with writes not yet on disk: data files wait for the next checkpoint, as in PostgreSQL. */
export interface DiskSyncState extends DiskSyncStats {
  unsyncedFiles: number;
  /** Bytes written to the WAL since the database opened. */
  walBytes: number;
  /** WAL segments made ready before PostgreSQL needed them. */
  walSegmentsPrepared: number;
}

function syncDirectory(path: string): void {
  const fd = fs.openSync(path, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export class DiskSyncedNodeFS extends NodeFS {
  /** Called on every write to the WAL: the caller's group commit must cover it. */
  onWrite: () => void = () => {};
  /**
   * Called when a sync made here (to keep PostgreSQL's write order) failed. The kernel may have dropped what
   * it could not write, so the files are in doubt from then on: the owner must stop, as PostgreSQL does.
   */
  onSyncFailed: (error: unknown) => void = () => {};
  readonly stats: DiskSyncStats = { fdatasyncs: 0, dirSyncs: 0, flushes: 0 };
  private readonly prealloc = new WalPreallocator((error) =>
    console.warn("The next WAL segment could not be made ready; PostgreSQL will create it", error),
  );
  private readonly files = new Map<number, OpenFile>();
  /** Bytes written to the WAL so far. */
  walBytes = 0;

  /** The counters, and how many open files have writes not yet on disk. */
  state(): DiskSyncState {
    const { walBytes, pending, prealloc } = this;
    return { ...this.stats, walBytes, walSegmentsPrepared: prealloc.prepared, unsyncedFiles: pending.size };
  }
  /** WAL descriptors written since the last flush started: what the next flush syncs. */
  private readonly dirty = new Set<number>();
  /** Descriptors, WAL or not, with writes not yet known to be on disk (dirty, or in a flush still running). */
  private readonly pending = new Set<number>();
  /** Descriptors the running flush is syncing. */
  private readonly inFlight = new Set<number>();
  /** Descriptors closed (after a synchronous sync) while the running flush had them. */
  private readonly closedWhileFlushing = new Set<number>();
  private zeros = Buffer.alloc(8192);

  override async init(pg: PGliteArg, opts: EmscriptenOpts) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [(mod: NodeFsModule) => this.wrap(mod), ...(emscriptenOpts.preRun ?? [])];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as typeof emscriptenOpts };
  }

  /** Makes no more WAL segments ready, and resolves once none is being made (before the database closes). */
  stopPreparing(): Promise<void> {
    return this.prealloc.stop();
  }

  /**
   * Syncs the WAL written since the last flush. It looks at what is dirty at once (writes made while it
   * runs wait for the next one) and rejects if a sync fails.
   */
  flush(): Promise<void> {
    this.stats.flushes++;
    this.closedWhileFlushing.clear();
    const fds = [...this.dirty];
    this.dirty.clear();
    for (const fd of fds) this.inFlight.add(fd);
    return Promise.all([
      this.prealloc.installed,
      ...fds.map(
        (fd) =>
          new Promise<void>((resolve, reject) => {
            this.stats.fdatasyncs++;
            fs.fdatasync(fd, (error) => {
              this.inFlight.delete(fd);
              // A file closed meanwhile was synced before it was closed.
              if (error && !(error.code === "EBADF" && this.closedWhileFlushing.has(fd))) return reject(error);
              if (!this.dirty.has(fd)) this.pending.delete(fd);
              resolve();
            });
          }),
      ),
    ]).then(() => undefined);
  }

  private wrap(mod: NodeFsModule): void {
    const nodefs = mod.NODEFS;
    const streamOps = nodefs.stream_ops as unknown as Record<string, (stream: Stream, ...rest: unknown[]) => unknown>;
    const nodeOps = nodefs.node_ops as unknown as Record<string, (...args: unknown[]) => unknown>;
    const { open, close, write, setattr } = streamOps;
    const { mknod, rename } = nodeOps;
    if (!open || !close || !write || !setattr || !mknod || !rename) throw new Error("Unexpected NODEFS: cannot sync");

    streamOps.open = (stream, ...rest) => {
      const result = open(stream, ...rest);
      const path = nodefs.realPath(stream.node);
      const wal = path.includes("/pg_wal/");
      this.files.set(stream.nfd, { wal, control: path.endsWith("/global/pg_control") });
      if (wal) this.prealloc.opened(path);
      return result;
    };
    streamOps.write = (stream, buffer, offset, length, position) => {
      this.beforeWrite(stream.nfd, buffer as ArrayBufferView, offset as number, length as number);
      const written = write(stream, buffer, offset, length, position);
      this.written(stream.nfd, length as number);
      return written;
    };
    streamOps.setattr = (stream, attr) => {
      // ftruncate: a change to the file like a write of data.
      if ((attr as { size?: number }).size !== undefined) this.beforeWrite(stream.nfd);
      const result = setattr(stream, attr);
      this.written(stream.nfd);
      return result;
    };
    streamOps.close = (stream) => {
      const fd = stream.nfd;
      if (stream.shared.refcount === 1) {
        if (this.pending.has(fd)) this.syncNow(fd);
        if (this.inFlight.has(fd)) this.closedWhileFlushing.add(fd);
        this.files.delete(fd);
      }
      return close(stream);
    };
    nodeOps.mknod = (parent, ...rest) => {
      const node = mknod(parent, ...rest);
      this.syncDir(nodefs.realPath(parent));
      return node;
    };
    nodeOps.rename = (oldNode, newDir, newName) => {
      const from = dirname(nodefs.realPath(oldNode));
      const result = rename(oldNode, newDir, newName);
      const to = nodefs.realPath(newDir);
      this.syncDir(to);
      if (from !== to) this.syncDir(from);
      return result;
    };
  }

  /** Keeps PostgreSQL's write ordering before a write to (or truncation of) the file open as `fd`. */
  private beforeWrite(fd: number, buffer?: ArrayBufferView, offset = 0, length = 0): void {
    const file = this.files.get(fd);
    if (!file || file.wal) return;
    if (file.control) {
      // A checkpoint's data pages and WAL, all of it, before pg_control says the checkpoint happened.
      for (const other of [...this.pending]) if (other !== fd) this.syncNow(other);
      return;
    }
    if (buffer && this.isZeros(new Uint8Array(buffer.buffer, buffer.byteOffset + offset, length))) return;
    for (const other of this.pending) if (this.files.get(other)?.wal) this.syncNow(other);
  }

  private isZeros(bytes: Uint8Array): boolean {
    if (bytes.length > this.zeros.length) this.zeros = Buffer.alloc(bytes.length);
    return Buffer.compare(bytes, this.zeros.subarray(0, bytes.length)) === 0;
  }

  private written(fd: number, bytes = 0): void {
    this.pending.add(fd);
    if (!this.files.get(fd)?.wal) return;
    this.walBytes += bytes;
    this.dirty.add(fd);
    this.onWrite();
  }

  private syncNow(fd: number): void {
    this.stats.fdatasyncs++;
    this.failIfThrows(() => fs.fdatasyncSync(fd));
    this.dirty.delete(fd);
    this.pending.delete(fd);
  }

  private syncDir(path: string): void {
    this.stats.dirSyncs++;
    this.failIfThrows(() => syncDirectory(path));
  }

  private failIfThrows(sync: () => void): void {
    try {
      sync();
    } catch (e) {
      this.onSyncFailed(e);
      throw e;
    }
  }
}
