import { type Preferences, type PreferencesUpdate, readPreferences } from "@chess/shared";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../storage/db.ts";
import { userPreferences } from "../../storage/schema.ts";

/** A stored row: the fields the player has set (read through readPreferences) and when. */
export interface StoredPreferences {
  prefs: unknown;
  updatedAt: Date;
}

/** The user_preferences table: one row per account, created by the first save. */
export function createPreferencesRepo(db: Db) {
  return {
    async find(userId: number): Promise<StoredPreferences | undefined> {
      const [row] = await db
        .select({ prefs: userPreferences.prefs, updatedAt: userPreferences.updatedAt })
        .from(userPreferences)
        .where(eq(userPreferences.userId, userId));
      return row;
    },

    /** An account's choices, the defaults where it made none. */
    async choices(userId: number): Promise<Preferences> {
      return readPreferences((await this.find(userId))?.prefs);
    },

    /** Several accounts' choices in one read (a wave of arena games), the defaults where one made none. */
    async choicesOf(userIds: number[]): Promise<Map<number, Preferences>> {
      const ids = [...new Set(userIds)];
      const rows = ids.length
        ? await db
            .select({ userId: userPreferences.userId, prefs: userPreferences.prefs })
            .from(userPreferences)
            .where(inArray(userPreferences.userId, ids))
        : [];
      const stored = new Map(rows.map((r) => [r.userId, r.prefs]));
      return new Map(ids.map((id) => [id, readPreferences(stored.get(id))]));
    },

    /** Writes the given fields over the stored ones in one statement, so two saves at once both land. */
    async merge(userId: number, update: PreferencesUpdate): Promise<StoredPreferences> {
      const now = new Date();
      const [row] = await db
        .insert(userPreferences)
        .values({ userId, prefs: update, updatedAt: now })
        .onConflictDoUpdate({
          target: userPreferences.userId,
          set: { prefs: sql`${userPreferences.prefs} || excluded.prefs`, updatedAt: now },
        })
        .returning({ prefs: userPreferences.prefs, updatedAt: userPreferences.updatedAt });
      if (!row) throw new Error("preferences upsert returned no row");
      return row;
    },
  };
}

export type PreferencesRepo = ReturnType<typeof createPreferencesRepo>;
