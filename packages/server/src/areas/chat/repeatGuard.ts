/**
 * lichess drops a chat line that repeats one of the sender's last lines. A repeat is only a repeat in the same
 * chat and for a short while: "gg" in the next game, or "hi all" a few minutes on, is a new line.
 */
export const REPEAT_WINDOW_MS = 30_000;
/** The lines of a sender kept to compare with. */
export const REPEAT_LINES = 2;

interface Line {
  chatId: string;
  text: string;
  at: number;
}

/** Remembers each sender's last lines; pure but for the map it owns, and bounded: stale senders are dropped. */
export class RepeatGuard {
  private readonly lines = new Map<string, Line[]>();
  private lastSweep = 0;

  /** Whether `text` in `chatId` repeats one of the sender's lines of the last REPEAT_WINDOW_MS. */
  isRepeat(sender: string, chatId: string, text: string, now: number): boolean {
    return this.recent(sender, now).some((l) => l.chatId === chatId && l.text === text);
  }

  remember(sender: string, chatId: string, text: string, now: number): void {
    this.sweep(now);
    this.lines.set(sender, [...this.recent(sender, now), { chatId, text, at: now }].slice(-REPEAT_LINES));
  }

  /** How many senders are remembered (for tests: the map does not grow with every guest who ever chatted). */
  get size(): number {
    return this.lines.size;
  }

  private recent(sender: string, now: number): Line[] {
    return (this.lines.get(sender) ?? []).filter((l) => now - l.at < REPEAT_WINDOW_MS);
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < REPEAT_WINDOW_MS) return;
    this.lastSweep = now;
    for (const [sender, lines] of this.lines) {
      if (lines.every((l) => now - l.at >= REPEAT_WINDOW_MS)) this.lines.delete(sender);
    }
  }
}
