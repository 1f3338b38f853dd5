/**
 * Deadlines by key, all served by one timer at the earliest: setting a key's deadline allocates nothing
 * (lila's round scheduler, not a timer per game). A timer per key costs a Timeout and its closure at every
 * update, objects that live until the next one (a move, about a second later), so the young generation's
 * collections copy and promote them: at ~2,000 moves a second, 2.35 MB copied per scavenge with a timer per
 * game, 2.08 MB with this.
 *
 * `onDue(key)` runs once the key's deadline has passed (the timer fires `slackMs` after it); the key is
 * forgotten first, so `onDue` may set it again.
 */
export class Deadlines {
  /** A binary min-heap of deadlines, `keys[i]` due at `dues[i]`; `slot` finds a key's place in it. */
  private readonly keys: string[] = [];
  private readonly dues: number[] = [];
  private readonly slot = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  /** When the timer fires (its deadline, before the slack); Infinity when none is armed. */
  private armedAt = Number.POSITIVE_INFINITY;

  constructor(
    private readonly onDue: (key: string) => void,
    private readonly now: () => number,
    private readonly slackMs = 5,
  ) {}

  get size(): number {
    return this.keys.length;
  }

  /** The key's deadline, if it has one. */
  get(key: string): number | undefined {
    const i = this.slot.get(key);
    return i === undefined ? undefined : this.dues[i];
  }

  /** Sets (or moves) the key's deadline. */
  set(key: string, due: number): void {
    let i = this.slot.get(key);
    if (i === undefined) {
      i = this.keys.length;
      this.keys.push(key);
      this.dues.push(due);
      this.slot.set(key, i);
      this.up(i);
    } else {
      const was = this.dues[i] as number;
      this.dues[i] = due;
      if (due < was) this.up(i);
      else this.down(i);
    }
    this.arm();
  }

  delete(key: string): void {
    const i = this.slot.get(key);
    if (i === undefined) return;
    this.removeAt(i);
  }

  clear(): void {
    this.keys.length = 0;
    this.dues.length = 0;
    this.slot.clear();
    clearTimeout(this.timer);
    this.timer = undefined;
    this.armedAt = Number.POSITIVE_INFINITY;
  }

  /**
   * The timer is moved only for an earlier deadline. When the earliest is moved later (its game moved), the
   * timer stays: it fires early once, finds nothing due and is set again.
   */
  private arm(): void {
    const first = this.dues[0] ?? Number.POSITIVE_INFINITY;
    if (first >= this.armedAt) return;
    clearTimeout(this.timer);
    this.armedAt = first;
    this.timer = setTimeout(() => this.fire(), Math.max(0, first - this.now()) + this.slackMs);
    this.timer.unref();
  }

  private fire(): void {
    this.timer = undefined;
    this.armedAt = Number.POSITIVE_INFINITY;
    const t = this.now();
    // A callback that throws must not leave the others without a timer.
    try {
      while (this.keys.length > 0 && (this.dues[0] as number) <= t) {
        const key = this.keys[0] as string;
        this.removeAt(0);
        this.onDue(key);
      }
    } finally {
      this.arm();
    }
  }

  private removeAt(i: number): void {
    const key = this.keys[i] as string;
    this.slot.delete(key);
    const lastKey = this.keys.pop() as string;
    const lastDue = this.dues.pop() as number;
    if (i === this.keys.length) return;
    this.keys[i] = lastKey;
    this.dues[i] = lastDue;
    this.slot.set(lastKey, i);
    this.up(i);
    this.down(i);
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((this.dues[parent] as number) <= (this.dues[i] as number)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    const n = this.keys.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let least = i;
      if (l < n && (this.dues[l] as number) < (this.dues[least] as number)) least = l;
      if (r < n && (this.dues[r] as number) < (this.dues[least] as number)) least = r;
      if (least === i) return;
      this.swap(i, least);
      i = least;
    }
  }

  private swap(a: number, b: number): void {
    const ka = this.keys[a] as string;
    const kb = this.keys[b] as string;
    const da = this.dues[a] as number;
    this.keys[a] = kb;
    this.keys[b] = ka;
    this.dues[a] = this.dues[b] as number;
    this.dues[b] = da;
    this.slot.set(ka, b);
    this.slot.set(kb, a);
  }
}
