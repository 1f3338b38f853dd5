/**
 * When the embedded database takes a checkpoint. PGlite runs PostgreSQL as a single-user backend, which has
 * no checkpointer: left alone it checkpoints only when it shuts down, so its WAL grows without end while it
 * runs (~1 GB an hour at 1,000 moves/s) and a crash replays all of it. Checkpoints after so much WAL or so
 * long, as PostgreSQL's max_wal_size and checkpoint_timeout would, bound both; PostgreSQL then recycles the
 * old segments.
 */
export interface CheckpointPolicy {
  /** WAL written since the last checkpoint that calls for the next one. */
  walBytes: number;
  /** Time since the last checkpoint that calls for the next one, if anything was written. */
  everyMs: number;
}

/**
 * A checkpoint holds the database thread while it writes and syncs the pages changed since the last one:
 * often enough that each is short, as PostgreSQL's default checkpoint_timeout (5 minutes).
 */
export const DEFAULT_CHECKPOINTS: CheckpointPolicy = { walBytes: 256 * 1024 * 1024, everyMs: 5 * 60_000 };

/** A point in the database's life: WAL written so far, and when. */
export interface WalMark {
  walBytes: number;
  at: number;
}

export function checkpointDue(policy: CheckpointPolicy, last: WalMark, now: WalMark): boolean {
  const written = now.walBytes - last.walBytes;
  if (written <= 0) return false;
  return written >= policy.walBytes || now.at - last.at >= policy.everyMs;
}
