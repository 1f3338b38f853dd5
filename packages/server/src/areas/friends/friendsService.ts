import {
  type AccountActor,
  type BlockedPlayer,
  FRIEND_MESSAGES,
  FRIEND_MESSAGES_PAGE,
  type Friend,
  type FriendMessage,
  type FriendRequest,
  fail,
  type MarkedRead,
  type SentFriendRequest,
  type UnreadCounts,
} from "@chess/shared";
import type { Bus } from "../../bus.ts";
import type { RateLimiter } from "../../storage/rateLimits.ts";
import { ok, type Refused, type Result, rateLimited } from "../../util/result.ts";
import type { FriendsRepo } from "./friendsRepo.ts";

/** Who acts on friends: an account. */
type FriendUser = Pick<AccountActor, "userId" | "username">;

const DAY = 24 * 3600_000;

/** Friends (SPEC §7): requests, the list, private messages and challenges, with blocking. */
/** How the friends area reaches players (friendsSocket.ts: their sockets). */
export interface FriendsLive {
  request(inviteeId: number, request: FriendRequest): void;
  withdrawn(inviteeId: number, inviterId: number): void;
  /** A request was accepted: both players learn of their new friend. */
  befriended(inviter: { id: number; username: string }, invitee: { id: number; username: string }): void;
  /** A request was denied: both players' lists lose it (no news is made of it). */
  denied(inviter: { id: number; username: string }, invitee: { id: number; username: string }): void;
  message(userIds: number[], message: FriendMessage): void;
  /** To all of the reader's tabs: that conversation is read. */
  read(readerId: number, friendName: string): void;
  /** To the blocker's tabs only: the blocked player is not told. */
  blocked(blockerId: number, blockedName: string): void;
  /** To the friends of a closed account and the other sides of its requests: it leaves their lists. */
  accountClosed(userIds: number[], closedName: string): void;
}

export function createFriendsService(deps: {
  repo: FriendsRepo;
  limiter: RateLimiter;
  findUser: (username: string) => Promise<{ id: number; username: string } | undefined>;
  isOnline: (userId: number) => boolean;
  notify: FriendsLive;
  bus: Pick<Bus, "publish">;
}) {
  const { repo, limiter, notify } = deps;

  /** Counts one try; the refusal when the allowance is spent. */
  async function limit(key: string, n: number, windowMs: number): Promise<Refused | undefined> {
    const d = await limiter.hit(key, n, windowMs);
    return d.ok ? undefined : rateLimited(d.retryAfterMs);
  }

  /** The named friend, or an error: unknown names and strangers get the same answer. */
  async function friendNamed(user: FriendUser, friendName: string) {
    const friend = await deps.findUser(friendName);
    if (!friend || friend.id === user.userId || !(await repo.areFriends(user.userId, friend.id))) return undefined;
    return friend;
  }

  return {
    async sendRequest(user: FriendUser, friendName: string): Promise<Result<string>> {
      const other = await deps.findUser(friendName);
      if (!other) return fail("not_found", FRIEND_MESSAGES.unknownUser);
      if (other.id === user.userId) return fail("validation", FRIEND_MESSAGES.self);
      if (await repo.areFriends(user.userId, other.id)) return fail("conflict", FRIEND_MESSAGES.alreadyFriends);
      if (await repo.hasRequest(user.userId, other.id)) return fail("conflict", FRIEND_MESSAGES.alreadyRequested);
      if (await repo.isBlocked(other.id, user.userId)) return fail("forbidden", FRIEND_MESSAGES.blocked);
      const limited = await limit(`friend-request:${user.userId}`, 30, DAY);
      if (limited) return limited;
      // They already asked me: that is an agreement.
      if (await repo.hasRequest(other.id, user.userId)) {
        await repo.answer(user.userId, other.id, true);
        notify.befriended(other, { id: user.userId, username: user.username });
        return ok(FRIEND_MESSAGES.nowFriends);
      }
      await repo.addRequest(user.userId, other.id);
      notify.request(other.id, { inviterId: user.userId, inviterName: user.username });
      return ok(FRIEND_MESSAGES.requestSent);
    },

    invites: (user: FriendUser): Promise<FriendRequest[]> => repo.requestsTo(user.userId),

    sent: (user: FriendUser): Promise<SentFriendRequest[]> => repo.requestsFrom(user.userId),

    async withdraw(user: FriendUser, friendName: string): Promise<Result<string>> {
      const other = await deps.findUser(friendName);
      if (!other || !(await repo.withdraw(user.userId, other.id)))
        return fail("not_found", FRIEND_MESSAGES.noSentRequest);
      notify.withdrawn(other.id, user.userId);
      return ok(FRIEND_MESSAGES.requestWithdrawn);
    },

    async list(user: FriendUser): Promise<Friend[]> {
      return (await repo.friendsOf(user.userId)).map((f) => ({
        friendName: f.username,
        friendSince: f.since.getTime(),
        isActive: deps.isOnline(f.userId),
      }));
    },

    async answer(user: FriendUser, inviterId: number, accepted: boolean): Promise<Result<string>> {
      if (!(await repo.answer(user.userId, inviterId, accepted))) return fail("not_found", FRIEND_MESSAGES.noRequest);
      const inviterName = await repo.usernameOf(inviterId);
      if (inviterName) {
        const [inviter, invitee] = [
          { id: inviterId, username: inviterName },
          { id: user.userId, username: user.username },
        ];
        if (accepted) notify.befriended(inviter, invitee);
        else notify.denied(inviter, invitee);
      }
      return ok(accepted ? FRIEND_MESSAGES.nowFriends : FRIEND_MESSAGES.denied);
    },

    async messages(user: FriendUser, friendName: string, pageNo: number): Promise<Result<FriendMessage[]>> {
      const friend = await friendNamed(user, friendName);
      // Names are public (profiles, leaderboards): a page opened for a name nobody has says so.
      if (!friend && !(await deps.findUser(friendName))) return fail("not_found", FRIEND_MESSAGES.unknownUser);
      if (!friend) return fail("forbidden", FRIEND_MESSAGES.notFriends);
      const rows = await repo.messages(user.userId, friend.id, pageNo, FRIEND_MESSAGES_PAGE);
      return ok(
        rows.map((r) => ({
          message: r.text,
          friendName: friend.username,
          senderName: r.senderId === user.userId ? user.username : friend.username,
          timeSent: r.createdAt.getTime(),
        })),
      );
    },

    async sendMessage(user: FriendUser, friendName: string, text: string): Promise<Result<FriendMessage>> {
      const friend = await friendNamed(user, friendName);
      if (!friend) return fail("forbidden", FRIEND_MESSAGES.notFriends);
      if (await repo.isBlocked(friend.id, user.userId)) return fail("forbidden", FRIEND_MESSAGES.blocked);
      const d = await limiter.hit(`friend-message:${user.userId}`, 20, 10_000);
      if (!d.ok) return fail("rate_limited", "You are sending messages too fast");
      const at = await repo.addMessage(user.userId, friend.id, text);
      const message: FriendMessage = {
        message: text,
        friendName: friend.username,
        senderName: user.username,
        timeSent: at.getTime(),
      };
      notify.message([friend.id, user.userId], message);
      return ok(message);
    },

    async unread(user: FriendUser): Promise<UnreadCounts> {
      const rows = await repo.unreadCounts(user.userId);
      return {
        total: rows.reduce((sum, r) => sum + r.count, 0),
        byFriend: Object.fromEntries(rows.map((r) => [r.username, r.count])),
      };
    },

    /** The recipient opened the conversation: what the friend sent is read, in every tab of the reader. */
    async markRead(user: FriendUser, friendName: string): Promise<Result<MarkedRead>> {
      const friend = await friendNamed(user, friendName);
      if (!friend) return fail("forbidden", FRIEND_MESSAGES.notFriends);
      const read = await repo.markRead(user.userId, friend.id);
      notify.read(user.userId, friend.username);
      return ok({ friendName: friend.username, read });
    },

    async blocked(user: FriendUser): Promise<BlockedPlayer[]> {
      return (await repo.blockedBy(user.userId)).map((b) => ({
        username: b.username,
        blockedAt: b.createdAt.getTime(),
      }));
    },

    /**
     * Whom `user` may challenge by that name: a friend who has not blocked them and is online, or the spec's
     * refusal. The challenge itself is a lobby offer (the lobby area makes it).
     */
    /** Whether `user` may challenge `friendName`: a friend who blocked nobody, online unless `offline` (daily games). */
    async challengeable(
      user: FriendUser,
      friendName: string,
      opts: { offline?: boolean } = {},
    ): Promise<Result<{ id: number; username: string }>> {
      const friend = await friendNamed(user, friendName);
      if (!friend) return fail("forbidden", FRIEND_MESSAGES.notFriends);
      if (await repo.isBlocked(friend.id, user.userId)) return fail("forbidden", FRIEND_MESSAGES.blocked);
      if (!opts.offline && !deps.isOnline(friend.id)) return fail("offline", FRIEND_MESSAGES.offline);
      return ok(friend);
    },

    async block(user: FriendUser, name: string): Promise<Result> {
      const other = await deps.findUser(name);
      if (!other) return fail("not_found", FRIEND_MESSAGES.unknownUser);
      if (other.id === user.userId) return fail("validation", "You cannot block yourself");
      await repo.block(user.userId, other.id);
      notify.blocked(user.userId, other.username);
      deps.bus.publish("blocksChanged", { userIds: [user.userId, other.id] });
      return ok();
    },

    async unblock(user: FriendUser, name: string): Promise<Result> {
      const other = await deps.findUser(name);
      if (!other) return fail("not_found", FRIEND_MESSAGES.unknownUser);
      await repo.unblock(user.userId, other.id);
      deps.bus.publish("blocksChanged", { userIds: [user.userId, other.id] });
      return ok();
    },

    isBlocked: (blockerId: number, blockedId: number) => repo.isBlocked(blockerId, blockedId),

    /** The account closed: its friendships and waiting requests end, and the players concerned are told. */
    async accountClosed(account: { userId: number; username: string }): Promise<void> {
      const others = await repo.forgetAccount(account.userId);
      if (others.length > 0) notify.accountClosed(others, account.username);
    },
  };
}

export type FriendsService = ReturnType<typeof createFriendsService>;
