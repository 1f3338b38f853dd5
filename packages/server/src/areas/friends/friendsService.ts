import {
  type AccountActor,
  type BlockedPlayer,
  type ContactAnswer,
  type ContactChoice,
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
/** New conversations a player may start with non-friends in a day (lichess tightens its own for new accounts). */
export const NEW_CONVERSATIONS_PER_DAY = 20;
/** Messages to one player in a burst, and to non-friends in an hour: a flood is refused, a chat is not. */
const MESSAGE_BURST = { limit: 20, windowMs: 10_000 };
const STRANGER_MESSAGES_PER_HOUR = 100;

/** Who may message or challenge an account, as its preferences say. */
export interface ContactChoices {
  messagesFrom: ContactChoice;
  challengesFrom: ContactChoice;
}

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
  /** The receiver's settings; everyone may, when not given. */
  contactChoices?: (userId: number) => Promise<ContactChoices>;
}) {
  const { repo, limiter, notify } = deps;

  /** Counts one try; the refusal when the allowance is spent. */
  async function limit(key: string, n: number, windowMs: number): Promise<Refused | undefined> {
    const d = await limiter.hit(key, n, windowMs);
    return d.ok ? undefined : rateLimited(d.retryAfterMs);
  }

  const choicesOf = (userId: number): Promise<ContactChoices> =>
    deps.contactChoices?.(userId) ?? Promise.resolve({ messagesFrom: "everyone", challengesFrom: "everyone" });

  /**
   * Whether `user` may write to / challenge `other` now (lila's MsgSecurity): never across a block either way,
   * then as the receiver chose: everyone, friends only, or nobody.
   */
  async function mayContact(
    user: FriendUser,
    other: { id: number; username: string },
    what: "messages" | "challenges",
  ): Promise<{ ok: true; isFriend: boolean } | { ok: false; message: string }> {
    if (await repo.isBlocked(other.id, user.userId)) return { ok: false, message: FRIEND_MESSAGES.blocked };
    if (await repo.isBlocked(user.userId, other.id)) return { ok: false, message: FRIEND_MESSAGES.youBlocked };
    const [isFriend, choices] = await Promise.all([repo.areFriends(user.userId, other.id), choicesOf(other.id)]);
    const choice = what === "messages" ? choices.messagesFrom : choices.challengesFrom;
    if (choice === "nobody")
      return {
        ok: false,
        message: what === "messages" ? FRIEND_MESSAGES.messagesNobody : FRIEND_MESSAGES.challengesNobody,
      };
    if (choice === "friends" && !isFriend)
      return {
        ok: false,
        message: what === "messages" ? FRIEND_MESSAGES.messagesFriendsOnly : FRIEND_MESSAGES.challengesFriendsOnly,
      };
    return { ok: true, isFriend };
  }

  /** The other side of a conversation the user may read: a friend, a correspondent, or one they may write to. */
  async function correspondent(user: FriendUser, name: string): Promise<Result<{ id: number; username: string }>> {
    const other = await deps.findUser(name);
    // Names are public (profiles, leaderboards): a page opened for a name nobody has says so.
    if (!other) return fail("not_found", FRIEND_MESSAGES.unknownUser);
    if (other.id === user.userId) return fail("validation", "This is your own name");
    if (await repo.haveWritten(user.userId, other.id)) return ok(other);
    const may = await mayContact(user, other, "messages");
    return may.ok ? ok(other) : fail("forbidden", may.message);
  }

  return {
    /** What the caller may do with that player now, and why not (the profile's Message and Challenge). */
    async contact(user: FriendUser, name: string): Promise<Result<ContactAnswer>> {
      const other = await deps.findUser(name);
      if (!other) return fail("not_found", FRIEND_MESSAGES.unknownUser);
      if (other.id === user.userId) return fail("validation", "This is your own name");
      const [message, challenge] = await Promise.all([
        mayContact(user, other, "messages"),
        mayContact(user, other, "challenges"),
      ]);
      const online = deps.isOnline(other.id);
      const challengeRefusal = !challenge.ok ? challenge.message : online ? undefined : FRIEND_MESSAGES.playerOffline;
      return ok({
        username: other.username,
        isFriend: await repo.areFriends(user.userId, other.id),
        online,
        canMessage: message.ok,
        ...(message.ok ? {} : { messageRefusal: message.message }),
        canChallenge: challengeRefusal === undefined,
        ...(challengeRefusal ? { challengeRefusal } : {}),
      });
    },

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
      const other = await correspondent(user, friendName);
      if (!other.ok) return other;
      const friend = other.data;
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

    /**
     * A private message to a friend, or to anyone whose settings allow it (blocks honoured both ways). Each
     * sender has limits: a burst to anyone, an hourly number to non-friends, and a daily number of new
     * conversations with non-friends.
     */
    async sendMessage(user: FriendUser, friendName: string, text: string): Promise<Result<FriendMessage>> {
      const friend = await deps.findUser(friendName);
      if (!friend || friend.id === user.userId) return fail("forbidden", FRIEND_MESSAGES.notFriends);
      const may = await mayContact(user, friend, "messages");
      if (!may.ok) return fail("forbidden", may.message);
      const d = await limiter.hit(`friend-message:${user.userId}`, MESSAGE_BURST.limit, MESSAGE_BURST.windowMs);
      if (!d.ok) return fail("rate_limited", "You are sending messages too fast");
      if (!may.isFriend) {
        const hourly = await limiter.hit(`stranger-message:${user.userId}`, STRANGER_MESSAGES_PER_HOUR, 3600_000);
        if (!hourly.ok) return fail("rate_limited", "You are sending messages too fast");
        if (!(await repo.haveWritten(user.userId, friend.id))) {
          const fresh = await limiter.hit(`new-conversation:${user.userId}`, NEW_CONVERSATIONS_PER_DAY, DAY);
          if (!fresh.ok) return fail("rate_limited", FRIEND_MESSAGES.tooManyConversations);
        }
      }
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

    /** The recipient opened the conversation: what the other sent is read, in every tab of the reader. */
    async markRead(user: FriendUser, friendName: string): Promise<Result<MarkedRead>> {
      const other = await correspondent(user, friendName);
      if (!other.ok) return other;
      const friend = other.data;
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
     * Whether `user` may challenge `friendName`: a player whose settings allow it (a friend, or anyone; never
     * across a block), online unless `offline` (daily games). The challenge itself is a lobby offer.
     */
    async challengeable(
      user: FriendUser,
      friendName: string,
      opts: { offline?: boolean } = {},
    ): Promise<Result<{ id: number; username: string }>> {
      const other = await deps.findUser(friendName);
      if (!other || other.id === user.userId) return fail("forbidden", FRIEND_MESSAGES.notFriends);
      const may = await mayContact(user, other, "challenges");
      if (!may.ok) return fail("forbidden", may.message);
      if (!opts.offline && !deps.isOnline(other.id)) return fail("offline", FRIEND_MESSAGES.offline);
      return ok(other);
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
