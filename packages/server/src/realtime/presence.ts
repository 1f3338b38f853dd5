/**
 * How a person's last connection went: `left` when the client said goodbye (a closed tab or a page left:
 * socket.io's disconnect packet), `silent` when it stopped answering pings (gone for PING_TIMEOUT_MS
 * already), `lost` when it broke or nobody can say (a node died).
 */
export type Departure = "left" | "silent" | "lost";
export const DEPARTURES: readonly Departure[] = ["left", "silent", "lost"];

/** A connection that misses its ping's answer this long is dropped: it was silent at least this long. */
export const PING_TIMEOUT_MS = 5_000;

type Listener = (key: string, online: boolean, departure: Departure) => void;

/**
 * Online keys of this node (socket counts) and of the other nodes of the site (what they last said).
 * A person is online when any node has a socket of theirs; listeners hear when that changes.
 */
export class Presence {
  private readonly counts = new Map<string, number>();
  private readonly remote = new Map<string, { keys: Set<string>; seenAt: number }>();
  private readonly listeners: Listener[] = [];
  private readonly localListeners: Listener[] = [];

  connected(key: string): void {
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    if (n === 1) this.localFlip(key, true, "lost");
  }

  disconnected(key: string, departure: Departure = "lost"): void {
    const n = (this.counts.get(key) ?? 0) - 1;
    if (n > 0) {
      this.counts.set(key, n);
      return;
    }
    this.counts.delete(key);
    this.localFlip(key, false, departure);
  }

  isOnline(key: string): boolean {
    return (this.counts.get(key) ?? 0) > 0 || this.onOtherNode(key);
  }

  /** How many people are online on the whole site, each once whichever nodes they are on. */
  onlineCount(): number {
    if (this.remote.size === 0) return this.counts.size;
    const all = new Set(this.counts.keys());
    for (const entry of this.remote.values()) for (const k of entry.keys) all.add(k);
    return all.size;
  }

  /** Someone came or went anywhere on the site. */
  onChange(listener: Listener): void {
    this.listeners.push(listener);
  }

  /** Someone came to or left this node (what the other nodes are told). */
  onLocalChange(listener: Listener): void {
    this.localListeners.push(listener);
  }

  localKeys(): string[] {
    return [...this.counts.keys()];
  }

  /** Another node says a key came or went there. */
  remoteChanged(node: string, key: string, online: boolean, at: number, departure: Departure = "lost"): void {
    const entry = this.nodeEntry(node, at);
    const before = this.isOnline(key);
    if (online) entry.keys.add(key);
    else entry.keys.delete(key);
    this.fireIfChanged(key, before, departure);
  }

  /** Another node's full list (sent now and then, and when a node starts). */
  remoteSnapshot(node: string, keys: string[], at: number): void {
    const old = this.remote.get(node)?.keys ?? new Set<string>();
    const next = new Set(keys);
    const touched = new Set([...old, ...next]);
    const before = new Map([...touched].map((k) => [k, this.isOnline(k)]));
    this.remote.set(node, { keys: next, seenAt: at });
    for (const k of touched) this.fireIfChanged(k, before.get(k) ?? false);
  }

  /** Forgets nodes not heard from since `before` (they died): their people are offline unless seen elsewhere. */
  forgetSilentNodes(before: number): void {
    for (const [node, entry] of this.remote) {
      if (entry.seenAt >= before) continue;
      const keys = [...entry.keys];
      const was = new Map(keys.map((k) => [k, this.isOnline(k)]));
      this.remote.delete(node);
      for (const k of keys) this.fireIfChanged(k, was.get(k) ?? false);
    }
  }

  private nodeEntry(node: string, at: number) {
    let entry = this.remote.get(node);
    if (!entry) {
      entry = { keys: new Set(), seenAt: at };
      this.remote.set(node, entry);
    }
    entry.seenAt = at;
    return entry;
  }

  private onOtherNode(key: string): boolean {
    for (const entry of this.remote.values()) if (entry.keys.has(key)) return true;
    return false;
  }

  private localFlip(key: string, online: boolean, departure: Departure): void {
    for (const l of this.localListeners) l(key, online, departure);
    if (!this.onOtherNode(key)) for (const l of this.listeners) l(key, online, departure);
  }

  private fireIfChanged(key: string, before: boolean, departure: Departure = "lost"): void {
    const after = this.isOnline(key);
    if (after !== before) for (const l of this.listeners) l(key, after, departure);
  }
}
