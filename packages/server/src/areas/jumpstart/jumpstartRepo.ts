import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../storage/db.ts";
import { jumpstartPositions } from "../../storage/schema.ts";

export function createJumpstartRepo(db: Db) {
  return {
    async add(preset: string, fen: string, evalPawns: number): Promise<void> {
      await db.insert(jumpstartPositions).values({ preset, fen, eval: evalPawns });
    },

    /** Removes and returns one position of the preset; concurrent takers never get the same one. */
    async take(preset: string): Promise<{ fen: string; eval: number } | undefined> {
      const rows = await db
        .delete(jumpstartPositions)
        .where(
          eq(
            jumpstartPositions.id,
            sql`(select ${jumpstartPositions.id} from ${jumpstartPositions} where ${jumpstartPositions.preset} = ${preset} order by ${jumpstartPositions.id} limit 1 for update skip locked)`,
          ),
        )
        .returning({ fen: jumpstartPositions.fen, eval: jumpstartPositions.eval });
      return rows[0];
    },

    /** Removes and returns up to `n` positions of the preset at once (a wave of arena games), as `take` does one. */
    async takeMany(preset: string, n: number): Promise<Array<{ fen: string; eval: number }>> {
      if (n <= 0) return [];
      return db
        .delete(jumpstartPositions)
        .where(
          inArray(
            jumpstartPositions.id,
            sql`(select ${jumpstartPositions.id} from ${jumpstartPositions} where ${jumpstartPositions.preset} = ${preset} order by ${jumpstartPositions.id} limit ${n} for update skip locked)`,
          ),
        )
        .returning({ fen: jumpstartPositions.fen, eval: jumpstartPositions.eval });
    },

    async counts(): Promise<Map<string, number>> {
      const rows = await db
        .select({ preset: jumpstartPositions.preset, n: count() })
        .from(jumpstartPositions)
        .groupBy(jumpstartPositions.preset);
      return new Map(rows.map((r) => [r.preset, Number(r.n)]));
    },

    async countOf(preset: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(jumpstartPositions)
        .where(and(eq(jumpstartPositions.preset, preset)));
      return Number(row?.n ?? 0);
    },
  };
}

export type JumpstartRepo = ReturnType<typeof createJumpstartRepo>;
