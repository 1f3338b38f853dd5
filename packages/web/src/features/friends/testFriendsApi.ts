import type { FriendRequest } from "@chess/shared";
import { vi } from "vitest";
import type { FriendsApi } from "./friendsApi.ts";

/**
 * A FriendsApi of spies with a small world: friends bob (online) and carl, a request from dave, none sent;
 * everyone takes messages, and challenges when online.
 */
export function fakeFriendsApi(change: Partial<FriendsApi> = {}): FriendsApi {
  return {
    sendRequest: vi.fn(async () => ({ successMsg: "Friend Request Sent" })),
    requests: vi.fn(async () => [{ inviterId: 4, inviterName: "dave" }]),
    sentRequests: vi.fn(async () => []),
    withdrawRequest: vi.fn(async () => ({ successMsg: "Friend request withdrawn" })),
    list: vi.fn(async () => [
      { friendName: "carl", friendSince: Date.UTC(2025, 0, 5), isActive: false },
      { friendName: "bob", friendSince: Date.UTC(2024, 10, 2), isActive: true },
    ]),
    answerRequest: vi.fn(async (_id: number, accepted: boolean) => ({
      successMsg: accepted ? "You are now friends" : "Friendship successfully denied",
    })),
    messages: vi.fn(async () => []),
    block: vi.fn(async () => ({ successMsg: "Player blocked" })),
    unblock: vi.fn(async () => ({ successMsg: "Player unblocked" })),
    unread: vi.fn(async () => ({ total: 0, byFriend: {} })),
    markRead: vi.fn(async (friendName: string) => ({ friendName, read: 0 })),
    blocked: vi.fn(async () => []),
    // Friends and strangers alike take messages and challenges (the default settings); bob and carl are friends.
    contact: vi.fn(async (name: string) => ({
      username: name,
      isFriend: name === "bob" || name === "carl",
      online: name === "bob",
      canMessage: true,
      canChallenge: name === "bob",
      ...(name === "bob" ? {} : { challengeRefusal: "This player is offline" }),
    })),
    ...change,
  };
}

/**
 * `requests` whose first call is answered only when the test says (`answerFirst`), and every later one at once
 * with `later`: a load that was on its way before a request came live, answered after it.
 */
export function requestsAnsweredLate(later: FriendRequest[]) {
  let answerFirst: (requests: FriendRequest[]) => void = () => {};
  const requests = vi
    .fn<FriendsApi["requests"]>()
    .mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          answerFirst = resolve;
        }),
    )
    .mockResolvedValue(later);
  return { requests, answerFirst: (answer: FriendRequest[]) => answerFirst(answer) };
}
