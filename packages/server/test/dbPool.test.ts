import { describe, expect, it } from "vitest";
import { openDatabase, runStatement } from "../src/storage/db.ts";
import { createTestDatabase } from "./harness.ts";

// Starting a PostgreSQL backend takes milliseconds, more on a loaded machine: a connection opened on the
// way of a move is a move that waits. pg-pool closes connections idle for 10 s unless told otherwise.
const withPg = Boolean(process.env.DATABASE_URL);

describe.skipIf(!withPg)("PostgreSQL connection pool (needs DATABASE_URL)", () => {
  it("keeps its connections through a quiet spell past pg-pool's idle timeout", { timeout: 30_000 }, async () => {
    const test = await createTestDatabase();
    const database = await openDatabase({ databaseUrl: test.env.DATABASE_URL, statementTimeoutMs: 5_000 });
    // Ten statements at once hold all ten connections: each answers with its backend's process id.
    const burst = async () => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          runStatement<{ pid: number }>(database.db, "select pg_backend_pid() as pid, pg_sleep(0.2)", []),
        ),
      );
      return new Set(answers.map(([row]) => row?.pid));
    };
    try {
      const before = await burst();
      expect(before.size).toBe(10);
      await new Promise((r) => setTimeout(r, 11_000));
      expect(await burst()).toEqual(before);
    } finally {
      await database.close();
      await test.drop();
    }
  });
});
