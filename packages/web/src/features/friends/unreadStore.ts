import type { FriendMessage, UnreadCounts } from "@chess/shared";
import { createExternalStore, type ExternalStore } from "../../lib/externalStore.ts";
import { sameName } from "./friendsStore.ts";

/** Unread private messages per friend, for the navigation badge and the friend cards. Pure: no I/O. */
export interface UnreadState {
  /** Friend's username (as the server spells it) → unread messages from them; only counts above 0. */
  byFriend: Readonly<Record<string, number>>;
}

export type UnreadEvent =
  /** GET /friend/unread answered; `viewing` is the conversation on screen, whose messages are being read. */
  | { type: "loaded"; counts: UnreadCounts; viewing: string | null }
  /** friendMessage over the socket: counts unless I sent it or I am looking at that conversation. */
  | { type: "received"; message: FriendMessage; me: string; viewing: string | null }
  /** I read the conversation with `friendName` (here, or friendMessagesRead from another tab). */
  | { type: "read"; friendName: string }
  /** Logged out, or another account: nothing is known. */
  | { type: "reset" };

export const initialUnread: UnreadState = { byFriend: {} };

/** The key under which `name` is counted, whatever its case. */
function keyOf(byFriend: UnreadState["byFriend"], name: string): string | undefined {
  return Object.keys(byFriend).find((k) => sameName(k, name));
}

function without(byFriend: UnreadState["byFriend"], name: string): Record<string, number> {
  return Object.fromEntries(Object.entries(byFriend).filter(([k, n]) => n > 0 && !sameName(k, name)));
}

export function unreadReducer(state: UnreadState, event: UnreadEvent): UnreadState {
  switch (event.type) {
    case "loaded": {
      const counts = Object.entries(event.counts.byFriend).filter(
        ([name, n]) => n > 0 && !(event.viewing !== null && sameName(name, event.viewing)),
      );
      return { byFriend: Object.fromEntries(counts) };
    }
    case "received": {
      const from = event.message.senderName;
      if (sameName(from, event.me)) return state;
      if (event.viewing !== null && sameName(from, event.viewing)) return state;
      const key = keyOf(state.byFriend, from) ?? from;
      return { byFriend: { ...state.byFriend, [key]: (state.byFriend[key] ?? 0) + 1 } };
    }
    case "read":
      return keyOf(state.byFriend, event.friendName) === undefined
        ? state
        : { byFriend: without(state.byFriend, event.friendName) };
    case "reset":
      return initialUnread;
  }
}

/** All unread messages, e.g. 3 for the navigation badge. */
export function unreadTotal(state: UnreadState): number {
  return Object.values(state.byFriend).reduce((sum, n) => sum + n, 0);
}

/** Unread messages from one friend, 0 when none. */
export function unreadFrom(state: UnreadState, friendName: string): number {
  const key = keyOf(state.byFriend, friendName);
  return key === undefined ? 0 : (state.byFriend[key] ?? 0);
}

/** Friends with unread messages, most unread first, then by name. */
export function unreadList(state: UnreadState): Array<{ friendName: string; count: number }> {
  return Object.entries(state.byFriend)
    .map(([friendName, count]) => ({ friendName, count }))
    .sort((a, b) => b.count - a.count || a.friendName.localeCompare(b.friendName, "en"));
}

/** "3 unread messages" / "1 unread message". */
export function unreadLabel(count: number): string {
  return `${count} unread message${count === 1 ? "" : "s"}`;
}

/** The friend whose conversation `pathname` shows ("/messages/ann" → "ann"), else null. */
export function conversationFriend(pathname: string): string | null {
  const match = /^\/messages\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** One unread state for the whole page, shared by the badge, the friend cards and the conversation. */
export type UnreadStore = ExternalStore<UnreadState, UnreadEvent>;

export const createUnreadStore = (initial: UnreadState = initialUnread): UnreadStore =>
  createExternalStore(unreadReducer, initial);
