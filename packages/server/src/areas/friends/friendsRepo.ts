import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../storage/db.ts";
import { blocks, friendMessages, friendRequests, friendships, users } from "../../storage/schema.ts";

const pair = (a: number, b: number) => (a < b ? { userA: a, userB: b } : { userA: b, userB: a });

export function createFriendsRepo(db: Db) {
  return {
    async areFriends(a: number, b: number): Promise<boolean> {
      const p = pair(a, b);
      const [row] = await db
        .select({ one: sql`1` })
        .from(friendships)
        .where(and(eq(friendships.userA, p.userA), eq(friendships.userB, p.userB)))
        .limit(1);
      return row !== undefined;
    },

    async friendsOf(userId: number) {
      const rows = await db
        .select({ userA: friendships.userA, userB: friendships.userB, since: friendships.since })
        .from(friendships)
        .where(or(eq(friendships.userA, userId), eq(friendships.userB, userId)));
      const ids = rows.map((r) => (r.userA === userId ? r.userB : r.userA));
      if (ids.length === 0) return [];
      const names = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.id, ids));
      const nameOf = new Map(names.map((n) => [n.id, n.username]));
      return rows
        .map((r) => {
          const id = r.userA === userId ? r.userB : r.userA;
          return { userId: id, username: nameOf.get(id) ?? "", since: r.since };
        })
        .sort((x, y) => x.username.localeCompare(y.username));
    },

    async hasRequest(inviterId: number, inviteeId: number): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(friendRequests)
        .where(and(eq(friendRequests.inviterId, inviterId), eq(friendRequests.inviteeId, inviteeId)))
        .limit(1);
      return row !== undefined;
    },

    async addRequest(inviterId: number, inviteeId: number): Promise<void> {
      await db.insert(friendRequests).values({ inviterId, inviteeId }).onConflictDoNothing();
    },

    async requestsTo(userId: number) {
      return db
        .select({ inviterId: friendRequests.inviterId, inviterName: users.username })
        .from(friendRequests)
        .innerJoin(users, eq(users.id, friendRequests.inviterId))
        .where(eq(friendRequests.inviteeId, userId))
        .orderBy(desc(friendRequests.createdAt));
    },

    async requestsFrom(userId: number) {
      const rows = await db
        .select({ friendName: users.username, sentAt: friendRequests.createdAt })
        .from(friendRequests)
        .innerJoin(users, eq(users.id, friendRequests.inviteeId))
        .where(eq(friendRequests.inviterId, userId))
        .orderBy(desc(friendRequests.createdAt));
      return rows.map((r) => ({ friendName: r.friendName, sentAt: r.sentAt.getTime() }));
    },

    /** Deletes my waiting request to `inviteeId`; false when there was none. */
    async withdraw(inviterId: number, inviteeId: number): Promise<boolean> {
      const gone = await db
        .delete(friendRequests)
        .where(and(eq(friendRequests.inviterId, inviterId), eq(friendRequests.inviteeId, inviteeId)))
        .returning({ inviterId: friendRequests.inviterId });
      return gone.length > 0;
    },

    async usernameOf(userId: number): Promise<string | undefined> {
      const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.username;
    },

    /** Removes the request; when accepted the two become friends. False when there was no request. */
    async answer(inviteeId: number, inviterId: number, accepted: boolean): Promise<boolean> {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(friendRequests)
          .where(and(eq(friendRequests.inviterId, inviterId), eq(friendRequests.inviteeId, inviteeId)))
          .returning({ inviterId: friendRequests.inviterId });
        if (gone.length === 0) return false;
        if (accepted) {
          await tx.insert(friendships).values(pair(inviterId, inviteeId)).onConflictDoNothing();
          await tx
            .delete(friendRequests)
            .where(and(eq(friendRequests.inviterId, inviteeId), eq(friendRequests.inviteeId, inviterId)));
        }
        return true;
      });
    },

    async messages(a: number, b: number, page: number, size: number) {
      const rows = await db
        .select({
          senderId: friendMessages.senderId,
          text: friendMessages.text,
          createdAt: friendMessages.createdAt,
        })
        .from(friendMessages)
        .where(
          or(
            and(eq(friendMessages.senderId, a), eq(friendMessages.recipientId, b)),
            and(eq(friendMessages.senderId, b), eq(friendMessages.recipientId, a)),
          ),
        )
        .orderBy(desc(friendMessages.id))
        .limit(size)
        .offset((page - 1) * size);
      return rows.reverse();
    },

    async addMessage(senderId: number, recipientId: number, text: string): Promise<Date> {
      const [row] = await db
        .insert(friendMessages)
        .values({ senderId, recipientId, text })
        .returning({ createdAt: friendMessages.createdAt });
      return row?.createdAt ?? new Date();
    },

    /**
     * Unread messages to `userId` per sender: any open account (anyone may write, under the receiver's
     * settings) that `userId` has not blocked (a blocked sender's conversation is not shown).
     */
    async unreadCounts(userId: number): Promise<Array<{ username: string; count: number }>> {
      return db
        .select({ username: users.username, count: sql<number>`count(*)::int` })
        .from(friendMessages)
        .innerJoin(users, eq(users.id, friendMessages.senderId))
        .where(
          and(
            eq(friendMessages.recipientId, userId),
            isNull(friendMessages.readAt),
            isNull(users.closedAt),
            sql`not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${userId} and ${blocks.blockedId} = ${friendMessages.senderId})`,
          ),
        )
        .groupBy(users.username)
        .orderBy(users.username);
    },

    /** Whether the two accounts ever wrote to each other. */
    async haveWritten(a: number, b: number): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(friendMessages)
        .where(
          or(
            and(eq(friendMessages.senderId, a), eq(friendMessages.recipientId, b)),
            and(eq(friendMessages.senderId, b), eq(friendMessages.recipientId, a)),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Marks what `senderId` sent to `recipientId` as read; returns how many were unread. */
    async markRead(recipientId: number, senderId: number): Promise<number> {
      const rows = await db
        .update(friendMessages)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(friendMessages.recipientId, recipientId),
            eq(friendMessages.senderId, senderId),
            isNull(friendMessages.readAt),
          ),
        )
        .returning({ id: friendMessages.id });
      return rows.length;
    },

    /** The open accounts the blocker blocked (a closed one's block stays, for its old chat lines, unlisted). */
    async blockedBy(blockerId: number) {
      return db
        .select({ username: users.username, createdAt: blocks.createdAt })
        .from(blocks)
        .innerJoin(users, eq(users.id, blocks.blockedId))
        .where(and(eq(blocks.blockerId, blockerId), isNull(users.closedAt)))
        .orderBy(desc(blocks.createdAt), users.username);
    },

    /** The accounts that blocked this one. */
    async blockersOf(blockedId: number): Promise<number[]> {
      const rows = await db.select({ id: blocks.blockerId }).from(blocks).where(eq(blocks.blockedId, blockedId));
      return rows.map((r) => r.id);
    },

    async isBlocked(blockerId: number, blockedId: number): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(blocks)
        .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
        .limit(1);
      return row !== undefined;
    },

    /** The accounts this one blocked or was blocked by. */
    async blockedEitherWay(userId: number): Promise<number[]> {
      const rows = await db
        .select({ blocker: blocks.blockerId, blocked: blocks.blockedId })
        .from(blocks)
        .where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
      return [...new Set(rows.map((r) => (r.blocker === userId ? r.blocked : r.blocker)))];
    },

    /** The blocks between any two of these accounts, as [blocker, blocked] (quick pairing keeps them apart). */
    async blocksAmong(userIds: number[]): Promise<Array<[number, number]>> {
      if (userIds.length < 2) return [];
      const rows = await db
        .select({ blocker: blocks.blockerId, blocked: blocks.blockedId })
        .from(blocks)
        .where(and(inArray(blocks.blockerId, userIds), inArray(blocks.blockedId, userIds)));
      return rows.map((r) => [r.blocker, r.blocked]);
    },

    /** Blocks and ends any friendship and pending requests between the two. */
    async block(blockerId: number, blockedId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
        const p = pair(blockerId, blockedId);
        await tx.delete(friendships).where(and(eq(friendships.userA, p.userA), eq(friendships.userB, p.userB)));
        await tx
          .delete(friendRequests)
          .where(
            or(
              and(eq(friendRequests.inviterId, blockerId), eq(friendRequests.inviteeId, blockedId)),
              and(eq(friendRequests.inviterId, blockedId), eq(friendRequests.inviteeId, blockerId)),
            ),
          );
      });
    },

    /**
     * Ends every friendship and waiting request of a closed account, in one transaction; returns the other
     * players concerned.
     */
    async forgetAccount(userId: number): Promise<number[]> {
      return db.transaction(async (tx) => {
        const friends = await tx
          .delete(friendships)
          .where(or(eq(friendships.userA, userId), eq(friendships.userB, userId)))
          .returning({ userA: friendships.userA, userB: friendships.userB });
        const requests = await tx
          .delete(friendRequests)
          .where(or(eq(friendRequests.inviterId, userId), eq(friendRequests.inviteeId, userId)))
          .returning({ inviterId: friendRequests.inviterId, inviteeId: friendRequests.inviteeId });
        const others = [
          ...friends.map((f) => (f.userA === userId ? f.userB : f.userA)),
          ...requests.map((r) => (r.inviterId === userId ? r.inviteeId : r.inviterId)),
        ];
        return [...new Set(others)];
      });
    },

    async unblock(blockerId: number, blockedId: number): Promise<void> {
      await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
    },
  };
}

export type FriendsRepo = ReturnType<typeof createFriendsRepo>;
