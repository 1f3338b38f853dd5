import type { AnalysisEntry, SavedTreeNode } from "@chess/shared";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../storage/db.ts";
import { analysisTrees, gameAnalyses } from "../../storage/schema.ts";

export function createAnalysisRepo(db: Db) {
  return {
    async get(gameId: string): Promise<AnalysisEntry[] | undefined> {
      const [row] = await db
        .select({ entries: gameAnalyses.entries })
        .from(gameAnalyses)
        .where(eq(gameAnalyses.gameId, gameId))
        .limit(1);
      return row?.entries;
    },

    async save(gameId: string, entries: AnalysisEntry[], nodes: number, engine: string): Promise<void> {
      await db.insert(gameAnalyses).values({ gameId, entries, nodes, engine }).onConflictDoNothing();
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
