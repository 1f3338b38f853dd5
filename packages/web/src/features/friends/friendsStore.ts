import type { BlockedPlayer, Friend, FriendRequest, SentFriendRequest } from "@chess/shared";

/** The friends panel as this tab sees it (SPEC §4 Friend request). Pure: no I/O, tested without a DOM. */
export interface FriendsState {
  /** null until loaded. */
  friends: Friend[] | null;
  /** Requests to me; null until loaded. */
  requests: FriendRequest[] | null;
  /** My requests still waiting, newest first; null until loaded. */
  sent: SentFriendRequest[] | null;
  /** Players I blocked, newest first; null until loaded. */
  blocked: BlockedPlayer[] | null;
}

export type FriendsEvent =
  | { type: "friendsLoaded"; friends: Friend[] }
  | { type: "requestsLoaded"; requests: FriendRequest[] }
  /** friendRequestReceived over the socket. */
  | { type: "requestReceived"; request: FriendRequest }
  /** Accepted or denied: it leaves the list either way. Withdrawn by the one who asked: the same. */
  | { type: "requestAnswered"; inviterId: number }
  | { type: "sentLoaded"; sent: SentFriendRequest[] }
  /** I withdrew my request to this player. */
  | { type: "sentWithdrawn"; friendName: string }
  /** A request between me and this player was denied (by them, or by me in another tab). */
  | { type: "requestDenied"; friendName: string }
  /** Blocked (here or in another tab): the friendship and any request either way are over. */
  | { type: "blocked"; friendName: string }
  /** This player closed their account: they leave every list. */
  | { type: "accountClosed"; friendName: string }
  | { type: "blockedLoaded"; blocked: BlockedPlayer[] }
  | { type: "unblocked"; username: string };

export const initialFriends: FriendsState = { friends: null, requests: null, sent: null, blocked: null };

/** Usernames are unique without regard to case. */
export function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

export function friendsReducer(state: FriendsState, event: FriendsEvent): FriendsState {
  switch (event.type) {
    case "friendsLoaded":
      return { ...state, friends: event.friends };
    case "requestsLoaded":
      return { ...state, requests: event.requests };
    case "requestReceived": {
      const requests = state.requests ?? [];
      if (requests.some((r) => r.inviterId === event.request.inviterId)) return state;
      return { ...state, requests: [...requests, event.request] };
    }
    case "requestAnswered":
      return { ...state, requests: (state.requests ?? []).filter((r) => r.inviterId !== event.inviterId) };
    case "sentLoaded":
      return { ...state, sent: event.sent };
    case "sentWithdrawn":
      return { ...state, sent: state.sent?.filter((r) => !sameName(r.friendName, event.friendName)) ?? null };
    case "requestDenied":
      return {
        ...state,
        sent: state.sent?.filter((r) => !sameName(r.friendName, event.friendName)) ?? null,
        requests: state.requests?.filter((r) => !sameName(r.inviterName, event.friendName)) ?? null,
      };
    case "blocked":
      return {
        ...friendsReducer(state, { type: "requestDenied", friendName: event.friendName }),
        friends: state.friends?.filter((f) => !sameName(f.friendName, event.friendName)) ?? null,
      };
    case "accountClosed":
      return {
        ...friendsReducer(state, { type: "blocked", friendName: event.friendName }),
        blocked: state.blocked?.filter((b) => !sameName(b.username, event.friendName)) ?? null,
      };
    case "blockedLoaded":
      return { ...state, blocked: event.blocked };
    case "unblocked":
      return { ...state, blocked: state.blocked?.filter((b) => !sameName(b.username, event.username)) ?? null };
  }
}

/** Online friends first, then by name. */
export function sortFriends(friends: readonly Friend[]): Friend[] {
  return [...friends].sort(
    (a, b) => Number(b.isActive) - Number(a.isActive) || a.friendName.localeCompare(b.friendName, "en"),
  );
}
