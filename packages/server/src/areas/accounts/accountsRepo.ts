import { and, eq, isNull, lt, ne, sql } from "drizzle-orm";
import { type Db, runStatement } from "../../storage/db.ts";
import { allOrEachAlone, GroupCommit } from "../../storage/groupCommit.ts";
import { sessions, users } from "../../storage/schema.ts";

export interface UserRow {
  id: number;
  username: string;
  passwordHash: string;
  /** When the account was closed; null while it is open. */
  closedAt: Date | null;
}

export interface SessionRow {
  id: string;
  userId: number | null;
  username: string | null;
  guestName: string;
  lastSeenAt: Date;
  /** The account's closing time (null: open, or a guest). */
  closedAt: Date | null;
}

export type InsertUserResult = { ok: true; id: number } | { ok: false; duplicate: "username" | "email" };

/** Postgres unique violation, through drizzle's wrapper or bare. */
function uniqueViolation(error: unknown): string | undefined {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === "23505") return e.constraint ?? "";
  }
  return undefined;
}

/**
 * Every guest's first connection writes a session: a burst of new guests (bench/flood: 200 addresses at once)
 * wrote 200 one-row transactions, ~90 ms of the database thread every move's commit waits on, plus the
 * query builder's ~0.2 ms of the event loop each. They are group-committed instead (storage/groupCommit.ts),
 * all the rows of one event-loop turn in one fixed statement.
 */
const INSERT_SESSIONS = `
  insert into sessions (id, user_id, guest_name)
  select * from unnest($1::text[], $2::int[], $3::text[])`;

type NewSession = { id: string; userId: number | null; guestName: string };

export function createAccountsRepo(db: Db) {
  const insertSessions = (rows: NewSession[]) =>
    runStatement(db, INSERT_SESSIONS, [rows.map((r) => r.id), rows.map((r) => r.userId), rows.map((r) => r.guestName)]);
  // One bad row (a login whose account was just deleted) refuses only its own write.
  const sessionWrites = new GroupCommit<NewSession>(allOrEachAlone(insertSessions));
  return {
    async insertUser(row: { username: string; email: string; passwordHash: string }): Promise<InsertUserResult> {
      try {
        const [inserted] = await db.insert(users).values(row).returning({ id: users.id });
        if (!inserted) throw new Error("insert returned no row");
        return { ok: true, id: inserted.id };
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === undefined) throw error;
        return { ok: false, duplicate: constraint.includes("email") ? "email" : "username" };
      }
    },

    async findUserByName(username: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select({ id: users.id, username: users.username, passwordHash: users.passwordHash, closedAt: users.closedAt })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      return row;
    },

    async findUserById(id: number): Promise<UserRow | undefined> {
      const [row] = await db
        .select({ id: users.id, username: users.username, passwordHash: users.passwordHash, closedAt: users.closedAt })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row;
    },

    /** Stores a new password hash and deletes the account's sessions but `keepSessionId`; returns their ids. */
    setPassword(userId: number, passwordHash: string, keepSessionId: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        const ended = await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
          .returning({ id: sessions.id });
        return ended.map((s) => s.id);
      });
    },

    /** Whether a sign-up would clash: a name of any account (a closed one's too), or an open account's e-mail. */
    async usernameOrEmailTaken(
      username: string,
      email: string,
    ): Promise<"username" | "closedUsername" | "email" | undefined> {
      const rows = await db
        .select({ username: users.username, closedAt: users.closedAt })
        .from(users)
        .where(
          sql`lower(${users.username}) = lower(${username}) or (lower(${users.email}) = lower(${email}) and ${users.closedAt} is null)`,
        )
        .limit(2);
      const named = rows.find((r) => r.username.toLowerCase() === username.toLowerCase());
      if (named) return named.closedAt === null ? "username" : "closedUsername";
      return rows.length > 0 ? "email" : undefined;
    },

    /**
     * Marks the account closed and deletes all its sessions, in one transaction; returns their ids, or
     * undefined when the account was closed already.
     */
    closeAccount(userId: number, at: Date): Promise<string[] | undefined> {
      return db.transaction(async (tx) => {
        const closed = await tx
          .update(users)
          .set({ closedAt: at })
          .where(and(eq(users.id, userId), isNull(users.closedAt)))
          .returning({ id: users.id });
        if (closed.length === 0) return undefined;
        const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
        return ended.map((s) => s.id);
      });
    },

    /** The account named `username` (any case) and when it was closed, if it exists. */
    async accountStatus(username: string): Promise<{ username: string; closedAt: Date | null } | undefined> {
      const [row] = await db
        .select({ username: users.username, closedAt: users.closedAt })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      return row;
    },

    insertSession(row: NewSession): Promise<void> {
      return sessionWrites.write(row);
    },

    async findSession(id: string): Promise<SessionRow | undefined> {
      const [row] = await db
        .select({
          id: sessions.id,
          userId: sessions.userId,
          username: users.username,
          guestName: sessions.guestName,
          lastSeenAt: sessions.lastSeenAt,
          closedAt: users.closedAt,
        })
        .from(sessions)
        .leftJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, id))
        .limit(1);
      return row;
    },

    async touchSession(id: string, at: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },

    async deleteSession(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    /** Removes sessions unused since `before`; guests' sooner than accounts'. */
    async deleteStaleSessions(userBefore: Date, guestBefore: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.lastSeenAt, userBefore));
      await db.delete(sessions).where(and(sql`${sessions.userId} is null`, lt(sessions.lastSeenAt, guestBefore)));
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
