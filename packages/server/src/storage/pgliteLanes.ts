/**
 * A run of the database from start until it is free for the next one: a statement until it has executed (not
 * until its disk sync, which runs while the next one does), a transaction from its BEGIN to its end.
 */
export type Turn = () => Promise<void>;

/**
 * Urgent turns run in a row at most this often while normal ones wait. The live moves' group commit has up to
 * 4 statements in flight (moveWriter.ts), so this is never reached in steady play; it is there so that no load
 * of moves, however high (a disk stall lets up to 64 statements out, groupCommit.ts), can starve the rest.
 */
export const MAX_URGENT_IN_A_ROW = 8;

/**
 * Which request the embedded database runs next. PGlite is one connection, and its own lock served requests
 * in arrival order: a live move's write, which a player waits on, queued behind hundreds of statements of
 * games ending in a burst. Here turns run one at a time, urgent ones before every normal one not started yet,
 * each class in arrival order. An urgent turn still waits for the turn running (an open transaction holds
 * the only connection until it ends).
 *
 * Normal turns cannot starve: after MAX_URGENT_IN_A_ROW urgent turns in a row while one waits, it runs.
 */
export class Lanes {
  private readonly urgent: Turn[] = [];
  private readonly normal: Turn[] = [];
  private running = false;
  /** Urgent turns run since a normal one last did, counted only while normal ones wait. */
  private urgentInARow = 0;

  constructor(private readonly maxUrgentInARow = MAX_URGENT_IN_A_ROW) {}

  /** Runs `turn` when its lane's turn comes; a turn that throws or rejects only ends its own run. */
  run(turn: Turn, urgent: boolean): void {
    (urgent ? this.urgent : this.normal).push(turn);
    this.next();
  }

  /** Turns not started yet. */
  get waiting(): { urgent: number; normal: number } {
    return { urgent: this.urgent.length, normal: this.normal.length };
  }

  private next(): void {
    if (this.running) return;
    const turn = this.take();
    if (!turn) return;
    this.running = true;
    let ran: Promise<void>;
    try {
      ran = turn();
    } catch (e) {
      ran = Promise.reject(e);
    }
    void ran
      .catch(() => {})
      .finally(() => {
        this.running = false;
        this.next();
      });
  }

  private take(): Turn | undefined {
    const normalWaits = this.normal.length > 0;
    if (normalWaits && (this.urgent.length === 0 || this.urgentInARow >= this.maxUrgentInARow)) {
      this.urgentInARow = 0;
      return this.normal.shift();
    }
    const turn = this.urgent.shift();
    this.urgentInARow = normalWaits ? this.urgentInARow + 1 : 0;
    return turn;
  }
}
