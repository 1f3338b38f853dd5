import type { AnalysisEntry, SavedTreeNode } from "@chess/shared";
import { and, asc, eq, gt, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../storage/db.ts";
import { analysisTrees, gameAnalyses, importedGames } from "../../storage/schema.ts";

/** Whether an id names an imported game rather than a played one. */
export const isImportId = (id: string): boolean => id.startsWith("import-");

export type ImportedRow = typeof importedGames.$inferSelect;

export function createAnalysisRepo(db: Db) {
  return {
    async get(gameId: string): Promise<AnalysisEntry[] | undefined> {
      if (isImportId(gameId)) {
        const [imported] = await db
          .select({ entries: importedGames.entries })
          .from(importedGames)
          .where(eq(importedGames.id, gameId))
          .limit(1);
        return imported?.entries ?? undefined;
      }
      const [row] = await db
        .select({ entries: gameAnalyses.entries })
        .from(gameAnalyses)
        .where(eq(gameAnalyses.gameId, gameId))
        .limit(1);
      return row?.entries;
    },

    async save(gameId: string, entries: AnalysisEntry[], nodes: number, engine: string): Promise<void> {
      if (isImportId(gameId)) {
        await db
          .update(importedGames)
          .set({ entries, nodes, engine })
          .where(and(eq(importedGames.id, gameId), isNull(importedGames.entries)));
        return;
      }
      await db.insert(gameAnalyses).values({ gameId, entries, nodes, engine }).onConflictDoNothing();
    },

    /** Analysed games' ids (played or imported ones) after `after`, in id order: an index walk. */
    async analysedIds(kind: "played" | "imported", after: string, limit: number): Promise<string[]> {
      const rows =
        kind === "played"
          ? await db
              .select({ id: gameAnalyses.gameId })
              .from(gameAnalyses)
              .where(gt(gameAnalyses.gameId, after))
              .orderBy(asc(gameAnalyses.gameId))
              .limit(limit)
          : await db
              .select({ id: importedGames.id })
              .from(importedGames)
              .where(and(gt(importedGames.id, after), isNotNull(importedGames.entries)))
              .orderBy(asc(importedGames.id))
              .limit(limit);
      return rows.map((r) => r.id);
    },

    /** An imported game. */
    async imported(id: string): Promise<ImportedRow | undefined> {
      const [row] = await db.select().from(importedGames).where(eq(importedGames.id, id)).limit(1);
      return row;
    },

    async saveImported(row: typeof importedGames.$inferInsert): Promise<ImportedRow> {
      const [stored] = await db.insert(importedGames).values(row).returning();
      return stored as ImportedRow;
    },

    /** A player's saved tree of a game (empty when none). */
    async tree(userId: number, gameId: string): Promise<SavedTreeNode[]> {
      const [row] = await db
        .select({ tree: analysisTrees.tree })
        .from(analysisTrees)
        .where(and(eq(analysisTrees.userId, userId), eq(analysisTrees.gameId, gameId)))
        .limit(1);
      return row?.tree ?? [];
    },

    /** Keeps a player's tree of a game; an empty one is removed. */
    async saveTree(userId: number, gameId: string, tree: SavedTreeNode[]): Promise<void> {
      if (tree.length === 0) {
        await db.delete(analysisTrees).where(and(eq(analysisTrees.userId, userId), eq(analysisTrees.gameId, gameId)));
        return;
      }
      await db
        .insert(analysisTrees)
        .values({ userId, gameId, tree })
        .onConflictDoUpdate({
          target: [analysisTrees.userId, analysisTrees.gameId],
          set: { tree, updatedAt: new Date() },
        });
    },
  };
}

export type AnalysisRepo = ReturnType<typeof createAnalysisRepo>;
