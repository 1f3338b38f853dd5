import type { Color } from "@chess/shared";

/** A player's seat at a live game: the same seat in two tabs is the same player (a guest's tabs are not). */
export interface Seat {
  gameId: string;
  color: Color;
}

/** What tabs of this browser tell each other (one BroadcastChannel). */
type TabMessage = { kind: "seat"; tab: string; seat: Seat | null } | { kind: "who"; tab: string };

/** The part of a BroadcastChannel used here (a fake in tests). */
export interface TabChannel {
  postMessage(message: TabMessage): void;
  onmessage: ((event: { data: unknown }) => void) | null;
}

/** How long `confirm` waits for another tab to say it still shows the seat. */
export const CONFIRM_WAIT_MS = 250;

/**
 * Which seats this browser's other tabs show. The server counts a player at the board while any of their
 * tabs shows it, so leaving one of two such tabs costs nothing and needs no warning. Tabs say when their
 * seat changes, and when they go (pagehide) or are frozen; a tab that died without a word is caught by
 * `confirm`, which asks again before a warning is skipped.
 */
export class BoardTabs {
  private readonly others = new Map<string, Seat>();
  private mine: Seat | null = null;
  private readonly waiters = new Set<(seat: Seat) => void>();

  constructor(
    private readonly channel: TabChannel,
    private readonly tab: string = Math.random().toString(36).slice(2),
  ) {
    channel.onmessage = (event) => this.receive(event.data);
    this.post({ kind: "who", tab: this.tab });
  }

  /** This tab shows `seat` now (null: no live board of its player). */
  show(seat: Seat | null): void {
    this.mine = seat;
    this.post({ kind: "seat", tab: this.tab, seat });
  }

  /** This tab goes or sleeps (pagehide, freeze): for the others it shows nothing, until `back`. */
  away(): void {
    this.post({ kind: "seat", tab: this.tab, seat: null });
  }

  /** Back from the back/forward cache or a freeze: tells its seat again, and asks for the others'. */
  back(): void {
    this.others.clear();
    this.post({ kind: "seat", tab: this.tab, seat: this.mine });
    this.post({ kind: "who", tab: this.tab });
  }

  /** Whether, as far as this tab knows, another tab shows `seat`. */
  elsewhere(seat: Seat): boolean {
    for (const other of this.others.values()) if (sameSeat(other, seat)) return true;
    return false;
  }

  /** Whether another tab answers, within `waitMs`, that it still shows `seat`. */
  confirm(seat: Seat, waitMs = CONFIRM_WAIT_MS): Promise<boolean> {
    if (!this.elsewhere(seat)) return Promise.resolve(false);
    for (const [tab, other] of this.others) if (sameSeat(other, seat)) this.others.delete(tab);
    return new Promise((resolve) => {
      const answered = (other: Seat) => {
        if (!sameSeat(other, seat)) return;
        done(true);
      };
      const timer = setTimeout(() => done(false), waitMs);
      const done = (yes: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(answered);
        resolve(yes);
      };
      this.waiters.add(answered);
      this.post({ kind: "who", tab: this.tab });
    });
  }

  private receive(data: unknown): void {
    const message = parseMessage(data);
    if (!message || message.tab === this.tab) return;
    if (message.kind === "who") {
      if (this.mine) this.post({ kind: "seat", tab: this.tab, seat: this.mine });
      return;
    }
    if (!message.seat) {
      this.others.delete(message.tab);
      return;
    }
    this.others.set(message.tab, message.seat);
    for (const waiter of [...this.waiters]) waiter(message.seat);
  }

  private post(message: TabMessage): void {
    try {
      this.channel.postMessage(message);
    } catch {
      // A closed channel (the page is going): nothing to tell.
    }
  }
}

function sameSeat(a: Seat, b: Seat): boolean {
  return a.gameId === b.gameId && a.color === b.color;
}

/** Another tab may run another release of the site: its messages are read, never trusted. */
function parseMessage(data: unknown): TabMessage | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const { kind, tab } = data as { kind?: unknown; tab?: unknown };
  if (typeof tab !== "string") return undefined;
  if (kind === "who") return { kind, tab };
  if (kind !== "seat") return undefined;
  const seat = (data as { seat?: unknown }).seat;
  if (seat === null) return { kind, tab, seat: null };
  if (typeof seat !== "object" || seat === undefined) return undefined;
  const { gameId, color } = seat as { gameId?: unknown; color?: unknown };
  if (typeof gameId !== "string" || (color !== "w" && color !== "b")) return undefined;
  return { kind, tab, seat: { gameId, color } };
}

let pageTabs: BoardTabs | undefined;

/** This page's BoardTabs, on the site's channel; one that knows nothing where BroadcastChannel is missing. */
export function boardTabs(): BoardTabs {
  if (pageTabs) return pageTabs;
  const channel: TabChannel =
    typeof BroadcastChannel === "function"
      ? (new BroadcastChannel("chess-board-tabs") as unknown as TabChannel)
      : { postMessage: () => {}, onmessage: null };
  // Node (the unit tests) would stay alive for an open channel; browsers have no unref.
  (channel as { unref?: () => void }).unref?.();
  const tabs = new BoardTabs(channel);
  window.addEventListener("pagehide", () => tabs.away());
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) tabs.back();
  });
  document.addEventListener("freeze", () => tabs.away());
  document.addEventListener("resume", () => tabs.back());
  pageTabs = tabs;
  return tabs;
}
