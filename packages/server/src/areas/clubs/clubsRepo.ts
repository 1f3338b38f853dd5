import type { JoinPolicy } from "@chess/shared";
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../storage/db.ts";
import {
  clubEvents,
  clubInvitations,
  clubJoinRequests,
  clubMembers,
  clubPosts,
  clubRatings,
  clubs,
  ratings,
  users,
} from "../../storage/schema.ts";

function uniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
}

export function createClubsRepo(db: Db) {
  return {
    /** Creates the club with its creator as administrator and first member; false when the name is taken. */
    async create(
      name: string,
      adminId: number,
      about: { joinPolicy: JoinPolicy; description: string } = { joinPolicy: "invite", description: "" },
    ): Promise<number | undefined> {
      try {
        return await db.transaction(async (tx) => {
          const [club] = await tx
            .insert(clubs)
            .values({ name, administratorId: adminId, ...about })
            .returning({ id: clubs.id });
          if (!club) throw new Error("club insert returned nothing");
          await tx.insert(clubMembers).values({ clubId: club.id, userId: adminId });
          return club.id;
        });
      } catch (error) {
        if (uniqueViolation(error)) return undefined;
        throw error;
      }
    },

    /** The names of clubs by id (those that exist). */
    async names(clubIds: number[]): Promise<Map<number, string>> {
      if (clubIds.length === 0) return new Map();
      const rows = await db.select({ id: clubs.id, name: clubs.name }).from(clubs).where(inArray(clubs.id, clubIds));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    async club(clubId: number) {
      const [row] = await db.select().from(clubs).where(eq(clubs.id, clubId)).limit(1);
      return row;
    },

    async clubByName(name: string) {
      const [row] = await db.select().from(clubs).where(sql`lower(${clubs.name}) = lower(${name})`).limit(1);
      return row;
    },

    async clubsOf(userId: number) {
      return db
        .select({
          clubId: clubs.id,
          clubName: clubs.name,
          administratorId: clubs.administratorId,
          joinPolicy: clubs.joinPolicy,
          description: clubs.description,
        })
        .from(clubMembers)
        .innerJoin(clubs, eq(clubs.id, clubMembers.clubId))
        .where(eq(clubMembers.userId, userId))
        .orderBy(asc(clubs.name));
    },

    async clubIdsOf(userId: number): Promise<number[]> {
      const rows = await db.select({ id: clubMembers.clubId }).from(clubMembers).where(eq(clubMembers.userId, userId));
      return rows.map((r) => r.id);
    },

    async isMember(clubId: number, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(clubMembers)
        .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)))
        .limit(1);
      return row !== undefined;
    },

    async members(clubId: number) {
      return db
        .select({ id: users.id, username: users.username, joinedAt: clubMembers.joinedAt })
        .from(clubMembers)
        .innerJoin(users, eq(users.id, clubMembers.userId))
        .where(eq(clubMembers.clubId, clubId))
        .orderBy(asc(clubMembers.joinedAt));
    },

    async ratingsOf(userIds: number[]) {
      if (userIds.length === 0) return [];
      return db.select().from(ratings).where(inArray(ratings.userId, userIds));
    },

    async clubRatingsOf(clubId: number, userIds: number[]) {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(clubRatings)
        .where(and(eq(clubRatings.clubId, clubId), inArray(clubRatings.userId, userIds)));
    },

    async invite(clubId: number, inviteeId: number, inviterId: number): Promise<boolean> {
      try {
        await db.insert(clubInvitations).values({ clubId, inviteeId, inviterId });
        return true;
      } catch (error) {
        if (uniqueViolation(error)) return false;
        throw error;
      }
    },

    async invitationsOf(userId: number) {
      return db
        .select({ clubId: clubs.id, clubName: clubs.name, inviter: users.username })
        .from(clubInvitations)
        .innerJoin(clubs, eq(clubs.id, clubInvitations.clubId))
        .innerJoin(users, eq(users.id, clubInvitations.inviterId))
        .where(eq(clubInvitations.inviteeId, userId))
        .orderBy(desc(clubInvitations.createdAt));
    },

    /** Removes the invitation and, when accepted, adds the member; false when there was none. */
    async answerInvitation(clubId: number, userId: number, accepted: boolean): Promise<boolean> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(clubInvitations)
          .where(and(eq(clubInvitations.clubId, clubId), eq(clubInvitations.inviteeId, userId)))
          .returning({ clubId: clubInvitations.clubId });
        if (removed.length === 0) return false;
        if (accepted) await tx.insert(clubMembers).values({ clubId, userId }).onConflictDoNothing();
        return true;
      });
    },

    /**
     * Clubs one may join or ask to join (never invite-only ones) whose name contains `q`, largest first,
     * with the caller's relation to each.
     */
    async search(q: string, userId: number, limit: number, offset: number) {
      const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const memberCount = sql<number>`(select count(*)::int from ${clubMembers} where ${clubMembers.clubId} = ${clubs.id})`;
      return db
        .select({
          clubId: clubs.id,
          clubName: clubs.name,
          joinPolicy: clubs.joinPolicy,
          description: clubs.description,
          memberCount,
          isMember: sql<boolean>`exists (select 1 from ${clubMembers} where ${clubMembers.clubId} = ${clubs.id} and ${clubMembers.userId} = ${userId})`,
          requested: sql<boolean>`exists (select 1 from ${clubJoinRequests} where ${clubJoinRequests.clubId} = ${clubs.id} and ${clubJoinRequests.userId} = ${userId})`,
        })
        .from(clubs)
        .where(and(inArray(clubs.joinPolicy, ["open", "request"]), sql`lower(${clubs.name}) like ${pattern}`))
        .orderBy(desc(memberCount), asc(clubs.name), asc(clubs.id))
        .limit(limit)
        .offset(offset);
    },

    /** Adds a member; false when they already were one. */
    async addMember(clubId: number, userId: number): Promise<boolean> {
      const rows = await db
        .insert(clubMembers)
        .values({ clubId, userId })
        .onConflictDoNothing()
        .returning({ userId: clubMembers.userId });
      return rows.length === 1;
    },

    /** Records a request to join; false when one is already waiting. */
    async requestJoin(clubId: number, userId: number): Promise<boolean> {
      const rows = await db
        .insert(clubJoinRequests)
        .values({ clubId, userId })
        .onConflictDoNothing()
        .returning({ userId: clubJoinRequests.userId });
      return rows.length === 1;
    },

    async joinRequests(clubId: number) {
      return db
        .select({ userId: users.id, username: users.username, createdAt: clubJoinRequests.createdAt })
        .from(clubJoinRequests)
        .innerJoin(users, eq(users.id, clubJoinRequests.userId))
        .where(eq(clubJoinRequests.clubId, clubId))
        .orderBy(asc(clubJoinRequests.createdAt));
    },

    /** The requests waiting in the clubs `adminId` administers, oldest first. */
    async waitingJoinRequests(adminId: number) {
      return db
        .select({
          clubId: clubs.id,
          clubName: clubs.name,
          username: users.username,
          createdAt: clubJoinRequests.createdAt,
        })
        .from(clubJoinRequests)
        .innerJoin(clubs, eq(clubs.id, clubJoinRequests.clubId))
        .innerJoin(users, eq(users.id, clubJoinRequests.userId))
        .where(eq(clubs.administratorId, adminId))
        .orderBy(asc(clubJoinRequests.createdAt))
        .limit(200);
    },

    /** Answers a waiting request (accepting adds the member); false when there was none. */
    async answerJoinRequest(clubId: number, userId: number, accept: boolean): Promise<boolean> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(clubJoinRequests)
          .where(and(eq(clubJoinRequests.clubId, clubId), eq(clubJoinRequests.userId, userId)))
          .returning({ userId: clubJoinRequests.userId });
        if (removed.length === 0) return false;
        if (accept) await tx.insert(clubMembers).values({ clubId, userId }).onConflictDoNothing();
        return true;
      });
    },

    async setJoinPolicy(clubId: number, joinPolicy: JoinPolicy, description?: string): Promise<void> {
      await db
        .update(clubs)
        .set(description === undefined ? { joinPolicy } : { joinPolicy, description })
        .where(eq(clubs.id, clubId));
    },

    /**
     * Removes a member. When the administrator leaves, the longest-standing member takes over; the last
     * member leaving closes the club. Returns what happened.
     */
    async leave(clubId: number, userId: number): Promise<"left" | "closed" | "not_member"> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(clubMembers)
          .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)))
          .returning({ userId: clubMembers.userId });
        if (removed.length === 0) return "not_member";
        const [next] = await tx
          .select({ userId: clubMembers.userId })
          .from(clubMembers)
          .where(eq(clubMembers.clubId, clubId))
          .orderBy(asc(clubMembers.joinedAt), asc(clubMembers.userId))
          .limit(1);
        if (!next) {
          await tx.delete(clubs).where(eq(clubs.id, clubId));
          return "closed";
        }
        await tx
          .update(clubs)
          .set({ administratorId: next.userId })
          .where(and(eq(clubs.id, clubId), eq(clubs.administratorId, userId)));
        return "left";
      });
    },

    /** Drops the invitations a closed account sent or was sent, and its requests to join. */
    async dropPendingOf(userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(clubInvitations)
          .where(or(eq(clubInvitations.inviteeId, userId), eq(clubInvitations.inviterId, userId)));
        await tx.delete(clubJoinRequests).where(eq(clubJoinRequests.userId, userId));
      });
    },

    async posts(clubId: number) {
      return db
        .select({ id: clubPosts.id, author: users.username, text: clubPosts.text, createdAt: clubPosts.createdAt })
        .from(clubPosts)
        .innerJoin(users, eq(users.id, clubPosts.authorId))
        .where(eq(clubPosts.clubId, clubId))
        .orderBy(desc(clubPosts.id))
        .limit(100);
    },

    async addPost(clubId: number, authorId: number, text: string): Promise<{ id: number; createdAt: Date }> {
      const [row] = await db
        .insert(clubPosts)
        .values({ clubId, authorId, text })
        .returning({ id: clubPosts.id, createdAt: clubPosts.createdAt });
      if (!row) throw new Error("post insert returned nothing");
      return row;
    },

    async events(clubId: number) {
      return db
        .select({
          id: clubEvents.id,
          title: clubEvents.title,
          eventDate: clubEvents.eventDate,
          author: users.username,
          tournamentId: clubEvents.tournamentId,
        })
        .from(clubEvents)
        .innerJoin(users, eq(users.id, clubEvents.authorId))
        .where(eq(clubEvents.clubId, clubId))
        .orderBy(asc(clubEvents.eventDate), asc(clubEvents.id))
        .limit(1000);
    },

    async addEvent(
      clubId: number,
      authorId: number,
      title: string,
      eventDate: string,
      tournamentId: string | null = null,
    ): Promise<number> {
      const [row] = await db
        .insert(clubEvents)
        .values({ clubId, authorId, title, eventDate, tournamentId })
        .returning({ id: clubEvents.id });
      return row?.id ?? 0;
    },
  };
}

export type ClubsRepo = ReturnType<typeof createClubsRepo>;
