/** Who is connected: counts sockets per owner key; knows nothing of what the owners do. */
export interface PresenceOwner {
  sessionId: string;
  userId: number | null;
}

/** One key per person: the account when logged in, else the guest session. */
export const presenceKey = (owner: PresenceOwner): string =>
  owner.userId !== null ? `u:${owner.userId}` : `s:${owner.sessionId}`;

type Listener = (key: string, online: boolean) => void;

export class Presence {
  private readonly counts = new Map<string, number>();
  private readonly listeners: Listener[] = [];

  connected(key: string): void {
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    if (n === 1) for (const l of this.listeners) l(key, true);
  }

  disconnected(key: string): void {
    const n = (this.counts.get(key) ?? 0) - 1;
    if (n > 0) {
      this.counts.set(key, n);
      return;
    }
    this.counts.delete(key);
    for (const l of this.listeners) l(key, false);
  }

  isOnline(key: string): boolean {
    return (this.counts.get(key) ?? 0) > 0;
  }

  onChange(listener: Listener): void {
    this.listeners.push(listener);
  }
}
