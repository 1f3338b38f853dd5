import { FRIEND_MESSAGES_PAGE, type FriendMessage } from "@chess/shared";
import { longDate } from "../../lib/dates.ts";
import { sameName } from "./friendsStore.ts";

/** One private conversation (SPEC §2 Friend messages). Pure: no I/O, tested without a DOM. */
export interface ConversationState {
  /** Oldest first, each message once. */
  messages: FriendMessage[];
  /** The highest page loaded so far (page 1 is the newest 20); 0 before the first answer. */
  pages: number;
  /** Whether an older page may exist: the last page loaded was full. */
  hasOlder: boolean;
  status: "loading" | "ready" | "failed";
  /** Why loading failed, e.g. "You can only do this with a friend". */
  error?: string;
  loadingOlder: boolean;
}

export type ConversationEvent =
  | { type: "pageLoaded"; pageNo: number; messages: FriendMessage[] }
  | { type: "pageFailed"; pageNo: number; message: string }
  | { type: "olderRequested" }
  /** friendMessage over the socket, or the ack of my own message. */
  | { type: "received"; message: FriendMessage; me: string; friendName: string };

export const initialConversation: ConversationState = {
  messages: [],
  pages: 0,
  hasOlder: false,
  status: "loading",
  loadingOlder: false,
};

/** The same message seen twice (page overlap, ack and broadcast) has the same key. */
export function messageKey(m: FriendMessage): string {
  return `${m.senderName.toLowerCase()}|${m.timeSent}|${m.message}`;
}

/** Both lists merged, oldest first, each message once. */
export function mergeMessages(a: readonly FriendMessage[], b: readonly FriendMessage[]): FriendMessage[] {
  const seen = new Set<string>();
  const out: FriendMessage[] = [];
  for (const m of [...a, ...b]) {
    const key = messageKey(m);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(m);
  }
  // Stable: messages sent in the same millisecond keep their order.
  return out.sort((x, y) => x.timeSent - y.timeSent);
}

/** Whether `m` is part of my conversation with `friendName` (either direction). */
export function belongsTo(m: FriendMessage, me: string, friendName: string): boolean {
  return (
    (sameName(m.senderName, friendName) && sameName(m.friendName, me)) ||
    (sameName(m.senderName, me) && sameName(m.friendName, friendName))
  );
}

export function conversationReducer(state: ConversationState, event: ConversationEvent): ConversationState {
  switch (event.type) {
    case "pageLoaded": {
      const oldest = event.pageNo >= state.pages;
      return {
        messages: mergeMessages(state.messages, event.messages),
        pages: Math.max(state.pages, event.pageNo),
        // Only the oldest page loaded says whether there is more before it.
        hasOlder: oldest ? event.messages.length >= FRIEND_MESSAGES_PAGE : state.hasOlder,
        status: "ready",
        loadingOlder: false,
      };
    }
    case "pageFailed":
      if (event.pageNo > 1) return { ...state, loadingOlder: false, error: event.message };
      return { ...state, status: state.pages > 0 ? "ready" : "failed", error: event.message, loadingOlder: false };
    case "olderRequested":
      return { ...state, loadingOlder: true };
    case "received":
      if (!belongsTo(event.message, event.me, event.friendName)) return state;
      return { ...state, messages: mergeMessages(state.messages, [event.message]) };
  }
}

/** The page to ask for next when loading older messages. */
export function nextPage(state: ConversationState): number {
  return state.pages + 1;
}

const pad = (n: number) => String(n).padStart(2, "0");
const dayKey = (t: number) => {
  const d = new Date(t);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** "Today", "Yesterday", else "Monday 3 March 2025" (the viewer's time zone). */
export function dayLabel(t: number, now: number): string {
  if (dayKey(t) === dayKey(now)) return "Today";
  const yesterday = new Date(now);
  yesterday.setDate(yesterday.getDate() - 1);
  if (dayKey(t) === dayKey(yesterday.getTime())) return "Yesterday";
  return longDate(t);
}

export interface MessageDay {
  /** "2025-03-07" */
  key: string;
  label: string;
  messages: FriendMessage[];
}

/** Messages split by day for separators; `messages` oldest first. */
export function groupByDay(messages: readonly FriendMessage[], now: number): MessageDay[] {
  const days: MessageDay[] = [];
  for (const m of messages) {
    const key = dayKey(m.timeSent);
    const last = days[days.length - 1];
    if (last && last.key === key) last.messages.push(m);
    else days.push({ key, label: dayLabel(m.timeSent, now), messages: [m] });
  }
  return days;
}
