import type { AnalysisEntry } from "@chess/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../../storage/db.ts";
import { gameAnalyses } from "../../storage/schema.ts";

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
  };
}

export type AnalysisRepo = ReturnType<typeof createAnalysisRepo>;
