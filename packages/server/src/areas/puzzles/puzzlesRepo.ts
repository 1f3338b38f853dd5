import { PUZZLE_START_RATING, type Puzzle, type PuzzleProgress } from "@chess/shared";
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../../storage/db.ts";
import { puzzleAttempts, puzzleRatings, puzzleSources, puzzles } from "../../storage/schema.ts";

type PuzzleRow = typeof puzzles.$inferSelect;

/** Who tries puzzles: an account (userId) or a guest (sessionId only). */
export interface Solver {
  userId: number | null;
  sessionId: string;
}

/** How many puzzles near the rating `next` picks among, so two players at one rating get different ones. */
const NEAR = 12;

export const puzzleOf = (row: PuzzleRow): Puzzle => ({
  id: row.id,
  fen: row.fen,
  player: row.fen.split(" ")[1] === "b" ? "b" : "w",
  solution: row.solution,
  played: row.played,
  kind: row.kind === "saves" ? "saves" : "wins",
  themes: row.themes,
  rating: row.rating,
  gameId: row.gameId,
  ply: row.ply,
});

const triedBy = (db: Db, solver: Solver) =>
  db
    .select({ id: puzzleAttempts.puzzleId })
    .from(puzzleAttempts)
    .where(
      solver.userId !== null
        ? eq(puzzleAttempts.userId, solver.userId)
        : eq(puzzleAttempts.sessionId, solver.sessionId),
    );

/**
 * How long a claim holds without renewal: longer than one search's wait for a worker and its run (the maker
 * renews after each), so only a claim whose node died goes stale.
 */
export const CLAIM_LEASE_MS = 15 * 60_000;

export function createPuzzlesRepo(db: Db, leaseMs = CLAIM_LEASE_MS) {
  const stale = sql`now() - make_interval(secs => ${leaseMs / 1000})`;
  return {
    /**
     * Claims a game's analysis for a search for puzzles: false when it was searched, or is claimed (here or on
     * another node) and the claim is live. A stale claim (its node died mid-search) is taken over.
     */
    async claim(gameId: string): Promise<boolean> {
      const claimed = await db
        .insert(puzzleSources)
        .values({ gameId })
        .onConflictDoUpdate({
          target: puzzleSources.gameId,
          set: { claimedAt: sql`now()` },
          setWhere: and(isNull(puzzleSources.searchedAt), lt(puzzleSources.claimedAt, stale)),
        })
        .returning({ gameId: puzzleSources.gameId });
      return claimed.length > 0;
    },

    /** Keeps a claim live while its searches go on. */
    async renew(gameId: string): Promise<void> {
      await db
        .update(puzzleSources)
        .set({ claimedAt: sql`now()` })
        .where(and(eq(puzzleSources.gameId, gameId), isNull(puzzleSources.searchedAt)));
    },

    /** Marks a claimed game searched, its puzzles stored: no one searches it again. */
    async searched(gameId: string): Promise<void> {
      await db.update(puzzleSources).set({ searchedAt: sql`now()` }).where(eq(puzzleSources.gameId, gameId));
    },

    /** Gives a claim back (its search failed or was cut by a stop): the next backfill searches the game again. */
    async unclaim(gameId: string): Promise<void> {
      await db.delete(puzzleSources).where(and(eq(puzzleSources.gameId, gameId), isNull(puzzleSources.searchedAt)));
    },

    /** Of `gameIds`, those never searched and not claimed now (or claimed by a node that died): the backfill's. */
    async unsearched(gameIds: readonly string[]): Promise<string[]> {
      if (gameIds.length === 0) return [];
      const taken = await db
        .select({ gameId: puzzleSources.gameId })
        .from(puzzleSources)
        .where(
          and(
            inArray(puzzleSources.gameId, [...gameIds]),
            or(isNotNull(puzzleSources.searchedAt), gte(puzzleSources.claimedAt, stale)),
          ),
        );
      const skip = new Set(taken.map((r) => r.gameId));
      return gameIds.filter((id) => !skip.has(id));
    },

    /** Stores new puzzles; one per game and ply however often a game's analysis is told. */
    async add(rows: Array<typeof puzzles.$inferInsert>): Promise<number> {
      if (rows.length === 0) return 0;
      const added = await db.insert(puzzles).values(rows).onConflictDoNothing().returning({ id: puzzles.id });
      return added.length;
    },

    async byId(id: number): Promise<Puzzle | undefined> {
      const [row] = await db.select().from(puzzles).where(eq(puzzles.id, id)).limit(1);
      return row && puzzleOf(row);
    },

    /**
     * A puzzle near `rating` the solver never tried: the nearest few above and below it (each side an index
     * range, however many puzzles there are), one of them at random.
     */
    async near(rating: number, solver: Solver | undefined): Promise<Puzzle | undefined> {
      const untried = solver ? notInArray(puzzles.id, triedBy(db, solver)) : undefined;
      const [above, below] = await Promise.all([
        db
          .select()
          .from(puzzles)
          .where(and(gte(puzzles.rating, rating), untried))
          .orderBy(asc(puzzles.rating), asc(puzzles.id))
          .limit(NEAR),
        db
          .select()
          .from(puzzles)
          .where(and(lt(puzzles.rating, rating), untried))
          .orderBy(desc(puzzles.rating), desc(puzzles.id))
          .limit(NEAR),
      ]);
      const nearest = [...above, ...below]
        .sort((a, b) => Math.abs(a.rating - rating) - Math.abs(b.rating - rating))
        .slice(0, NEAR);
      const row = nearest[Math.floor(Math.random() * nearest.length)];
      return row && puzzleOf(row);
    },

    /** An account's own puzzles, newest first, with the latest try's result. */
    async deck(userId: number): Promise<Array<Puzzle & { progress: PuzzleProgress }>> {
      const latest = db
        .selectDistinctOn([puzzleAttempts.puzzleId], {
          puzzleId: puzzleAttempts.puzzleId,
          solved: puzzleAttempts.solved,
        })
        .from(puzzleAttempts)
        .where(eq(puzzleAttempts.userId, userId))
        .orderBy(puzzleAttempts.puzzleId, desc(puzzleAttempts.id))
        .as("latest");
      const rows = await db
        .select({ puzzle: puzzles, solved: latest.solved })
        .from(puzzles)
        .leftJoin(latest, eq(latest.puzzleId, puzzles.id))
        .where(eq(puzzles.userId, userId))
        .orderBy(desc(puzzles.id))
        .limit(200);
      return rows.map((r) => ({
        ...puzzleOf(r.puzzle),
        progress: r.solved === null ? "unseen" : r.solved ? "solved" : "failed",
      }));
    },

    async rating(userId: number): Promise<{ rating: number; attempts: number }> {
      const [row] = await db.select().from(puzzleRatings).where(eq(puzzleRatings.userId, userId)).limit(1);
      return row ? { rating: row.rating, attempts: row.attempts } : { rating: PUZZLE_START_RATING, attempts: 0 };
    },

    /**
     * Stores a try and, for an account's first try at the puzzle, both ratings (`rate` works the changes out
     * from the ratings as they stand, the puzzle's row locked meanwhile). Answers the changes and new ratings.
     */
    async attempt(
      puzzleId: number,
      solver: Solver,
      try_: { solved: boolean; moves: string[] },
      rate: (
        own: { rating: number; attempts: number },
        puzzle: { rating: number; attempts: number },
      ) => { solver: number; puzzle: number },
    ): Promise<{ rated: boolean; ratingChange: number; rating: number | null; puzzleRating: number }> {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ rating: puzzles.rating })
          .from(puzzles)
          .where(eq(puzzles.id, puzzleId))
          .for("update");
        const puzzleRating = locked?.rating ?? PUZZLE_START_RATING;
        const userId = solver.userId;
        const base = { puzzleId, userId, sessionId: solver.sessionId, solved: try_.solved, moves: try_.moves };
        if (userId === null) {
          await tx.insert(puzzleAttempts).values(base);
          return { rated: false, ratingChange: 0, rating: null, puzzleRating };
        }
        const [own] = await tx.select().from(puzzleRatings).where(eq(puzzleRatings.userId, userId)).for("update");
        const ownRating = own
          ? { rating: own.rating, attempts: own.attempts }
          : { rating: PUZZLE_START_RATING, attempts: 0 };
        const [before] = await tx
          .select({ n: count() })
          .from(puzzleAttempts)
          .where(and(eq(puzzleAttempts.puzzleId, puzzleId), eq(puzzleAttempts.userId, userId)));
        if ((before?.n ?? 0) > 0) {
          await tx.insert(puzzleAttempts).values(base);
          return { rated: false, ratingChange: 0, rating: ownRating.rating, puzzleRating };
        }
        const [rated] = await tx
          .select({ n: count() })
          .from(puzzleAttempts)
          .where(and(eq(puzzleAttempts.puzzleId, puzzleId), eq(puzzleAttempts.rated, true)));
        const change = rate(ownRating, { rating: puzzleRating, attempts: rated?.n ?? 0 });
        const rating = ownRating.rating + change.solver;
        await tx.insert(puzzleAttempts).values({ ...base, rated: true, ratingChange: change.solver });
        await tx
          .insert(puzzleRatings)
          .values({ userId, rating, attempts: 1 })
          .onConflictDoUpdate({
            target: puzzleRatings.userId,
            set: { rating, attempts: sql`${puzzleRatings.attempts} + 1` },
          });
        await tx
          .update(puzzles)
          .set({ rating: puzzleRating + change.puzzle })
          .where(eq(puzzles.id, puzzleId));
        return { rated: true, ratingChange: change.solver, rating, puzzleRating: puzzleRating + change.puzzle };
      });
    },
  };
}

export type PuzzlesRepo = ReturnType<typeof createPuzzlesRepo>;
