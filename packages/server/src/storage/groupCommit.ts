import { isDatabaseUnavailable } from "./unavailable.ts";

/** A write waiting in a GroupCommit: its item, and how its caller is answered. */
export interface PendingWrite<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit of small writes. A write waits for the end of the current event-loop turn (setImmediate), so
 * every write asked for in that turn goes into one statement: a statement costs far more than a row (on
 * PGlite, prepared, about 0.35 ms against 0.03 ms of its thread, which every other commit waits on). The next turn's
 * statement does not wait for the one in flight (up to `maxInFlight`): their commits then share one disk
 * sync instead of queueing a sync each. `commit` writes a batch and answers each of its writes; nobody is
 * answered before their row is committed, and alone a write is made at once.
 *
 * With `maxInFlight` statements out, the database is slow, most often behind a disk sync that stalls: the
 * writes that keep coming still go, one statement every `stallMs` (up to STALLED_IN_FLIGHT times
 * `maxInFlight`). PGlite runs them while the sync waits, and they need only the sync after it. Held here
 * instead, they went out after the stall as one statement behind another (bench/README.md, eighth pass: with a
 * 60 ms stall injected once a second, the server's p99 over 6 rounds had a median of 222 ms held, 80 ms sent on;
 * the durable relay's 74 ms).
 */
export class GroupCommit<T> {
  private pending: Array<PendingWrite<T>> = [];
  private scheduled = false;
  private inFlight = 0;
  /** When the last statement went out (performance.now()). */
  private lastSentAt = 0;
  /** A statement to send while all are in flight, `stallMs` after the last one. */
  private stallTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly commit: (batch: Array<PendingWrite<T>>) => Promise<void>,
    private readonly maxBatch = 500,
    private readonly maxInFlight = 4,
    private readonly stallMs = 2,
  ) {}

  write(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** A flush at the end of this event-loop turn, or after `stallMs` while every statement is in flight. */
  private schedule(): void {
    if (this.scheduled || this.pending.length === 0) return;
    if (this.inFlight < this.maxInFlight) {
      this.flushThisTurn();
      return;
    }
    if (this.stallTimer || this.inFlight >= this.maxInFlight * STALLED_IN_FLIGHT) return;
    const wait = Math.max(0, this.lastSentAt + this.stallMs - performance.now());
    this.stallTimer = setTimeout(() => {
      this.stallTimer = undefined;
      if (!this.scheduled && this.pending.length > 0) this.flushThisTurn();
    }, wait);
  }

  private flushThisTurn(): void {
    clearTimeout(this.stallTimer);
    this.stallTimer = undefined;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending.splice(0, this.maxBatch);
    if (batch.length === 0) return;
    this.inFlight += 1;
    this.lastSentAt = performance.now();
    this.schedule();
    try {
      await this.commit(batch);
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      this.inFlight -= 1;
      this.schedule();
    }
  }
}

/** How many times `maxInFlight` statements a stall may have out (a database that is down must not pile them up). */
export const STALLED_IN_FLIGHT = 16;

/**
 * A batch commit for GroupCommit whose rows are written all in one statement: when that fails for one bad row
 * (a constraint), each row is written again alone, so one bad row refuses only its own write; a batch holds
 * rows that need no order among them. A write that failed alone goes to `failedAlone` (by default refused with
 * its error). While the database is unavailable every write is refused at once: row by row would only wait for
 * it once per row.
 */
export function allOrEachAlone<T>(
  write: (items: T[]) => Promise<unknown>,
  failedAlone: (w: PendingWrite<T>, error: unknown) => void | Promise<void> = (w, error) => w.reject(error),
): (batch: Array<PendingWrite<T>>) => Promise<void> {
  return async (batch) => {
    try {
      await write(batch.map((w) => w.item));
      for (const w of batch) w.resolve();
    } catch (error) {
      const [only] = batch;
      if (batch.length === 1 && only) return failedAlone(only, error);
      if (isDatabaseUnavailable(error)) {
        for (const w of batch) w.reject(error);
        return;
      }
      await Promise.all(
        batch.map((w) =>
          write([w.item]).then(
            () => w.resolve(),
            (e: unknown) => failedAlone(w, e),
          ),
        ),
      );
    }
  };
}
