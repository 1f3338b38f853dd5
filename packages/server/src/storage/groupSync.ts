/**
 * Group commit for a database whose writes reach the disk only when told to: callers wait until every
 * write made before they asked is synced, and every caller waiting when a sync starts shares it. Writes
 * made while a sync runs wait for the next one, which starts as soon as the running one ends.
 */
export class GroupSync {
  /** Writes noted so far. */
  private written = 0;
  /** Writes covered by a sync that completed. */
  private synced = 0;
  private running = false;
  private waiting: Array<{ upTo: number; resolve: () => void; reject: (e: Error) => void }> = [];
  private failed: Error | undefined;
  /** Syncs started so far. */
  syncs = 0;

  /** `sync` makes durable everything written before it was called (and must look at what that is at once). */
  constructor(private readonly sync: () => Promise<void>) {}

  /** A write was made: the next `durable()` waits for a sync that covers it. */
  noteWrite(): void {
    this.written++;
  }

  /** Resolves once every write noted so far is on disk; rejects, and keeps rejecting, once a sync failed. */
  durable(): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    if (this.synced >= this.written) return Promise.resolve();
    const upTo = this.written;
    return new Promise((resolve, reject) => {
      this.waiting.push({ upTo, resolve, reject });
      this.start();
    });
  }

  /** Writes noted, and writes known to be on disk. */
  stats(): { written: number; synced: number; syncs: number } {
    return { written: this.written, synced: this.synced, syncs: this.syncs };
  }

  private start(): void {
    if (this.running || this.waiting.length === 0) return;
    this.running = true;
    this.syncs++;
    const upTo = this.written;
    let syncing: Promise<void>;
    try {
      syncing = this.sync();
    } catch (e) {
      syncing = Promise.reject(e);
    }
    syncing.then(
      () => {
        this.running = false;
        this.synced = Math.max(this.synced, upTo);
        const still: typeof this.waiting = [];
        for (const w of this.waiting) {
          if (w.upTo <= this.synced) w.resolve();
          else still.push(w);
        }
        this.waiting = still;
        this.start();
      },
      (e: unknown) => {
        // After a failed fsync the kernel may have dropped the dirty pages: a retry that succeeds proves
        // nothing (PostgreSQL panics for the same reason). Every waiting and later caller fails.
        this.running = false;
        this.failed = e instanceof Error ? e : new Error(String(e));
        for (const w of this.waiting.splice(0)) w.reject(this.failed);
      },
    );
  }
}
