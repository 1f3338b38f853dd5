import { PGlite, types } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PreparedStatements } from "./pglitePrepared.ts";
import { hasErrorCode, UNIQUE_VIOLATION } from "./unavailable.ts";

const asText = (v: string) => v;

describe("PreparedStatements: PGlite's query, one trip per run", () => {
  let client: PGlite;
  let prepared: PreparedStatements;
  const object = { rowMode: "object" } as const;
  const array = { rowMode: "array" } as const;

  beforeAll(async () => {
    // As the worker opens it: dates as text, for drizzle.
    client = new PGlite({ parsers: { [types.TIMESTAMPTZ]: asText } });
    prepared = new PreparedStatements(client, 4);
    await client.exec(`
      create table t (id int primary key, note text, tags text[], doc jsonb, big bigint, at timestamptz, ok boolean);
      insert into t values (1, 'one', '{a,b}', '{"k": [1, 2]}', 9007199254740993, '2026-01-02T03:04:05Z', true);
      insert into t (id) values (2);`);
  });
  afterAll(() => client.close());

  // Each row: a statement and its parameters, answered as PGlite's own query answers it.
  const same: Array<[string, string, unknown[]]> = [
    ["every column type, object rows", "select * from t order by id", []],
    ["parameters of several types", "select id, note from t where id = $1 and (note = $2 or $2 is null)", [1, "one"]],
    ["a null parameter", "select id from t where note is not distinct from $1", [null]],
    ["array and json parameters", "select $1::text[] as a, $2::jsonb as j", [["x", "y,z"], JSON.stringify({ q: 1 })]],
    ["a date parameter", "select $1::timestamptz as at", [new Date("2026-05-06T07:08:09Z")]],
    ["no rows", "select id from t where id = $1", [99]],
    ["a write's affected rows", "update t set ok = $1 where id = $2", [false, 2]],
  ];
  it.each(same)("%s", async (_what, text, params) => {
    for (const options of [object, array]) {
      const expected = await client.query(text, params, options);
      // Twice: the first run prepares the statement, the second only binds it.
      for (let i = 0; i < 2; i++) {
        const got = await prepared.query(text, params, options);
        expect(got.rows).toEqual(expected.rows);
        expect(got.fields).toEqual(expected.fields);
        expect(got.affectedRows).toEqual(expected.affectedRows);
      }
    }
  });

  it("hands back the database error with its code and the text, and the next statement runs", async () => {
    const insert = "insert into t (id) values ($1)";
    await prepared.query(insert, [3], object);
    const error = await prepared.query(insert, [3], object).catch((e: unknown) => e);
    expect(hasErrorCode(error, UNIQUE_VIOLATION)).toBe(true);
    expect(error).toMatchObject({ query: insert });
    expect((await prepared.query("select count(*)::int as n from t", [], object)).rows).toEqual([{ n: 3 }]);
    // A text PostgreSQL cannot parse fails as it would through query(), and is not kept.
    const bad = await prepared.query("selec 1", [], object).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: "42601", query: "selec 1" });
  });

  it("keeps at most its limit of statements prepared, closing the least recently used", async () => {
    for (let i = 0; i < 10; i++) await prepared.query(`select ${i} as n`, [], object);
    expect(prepared.size).toBe(4);
    const inDatabase = await client.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements");
    expect(inDatabase.rows[0]?.n).toBe(4);
  });

  it("answers as the table is now after its columns change", async () => {
    const text = "select * from t where id = $1";
    expect(Object.keys((await prepared.query<object>(text, [1], object)).rows[0] ?? {})).not.toContain("extra");
    await client.exec("alter table t add column extra int default 7");
    expect((await prepared.query(text, [1], object)).rows[0]).toMatchObject({ id: 1, extra: 7 });
  });

  it("waits for an open transaction instead of running inside it", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const tx = client.transaction(async (t) => {
      await t.query("insert into t (id) values (10)");
      await held;
      await t.rollback();
    });
    // Issued while the transaction is open: had it run inside it, the rollback would take it away too.
    const outside = prepared.query("insert into t (id) values ($1)", [11], object);
    await new Promise((r) => setTimeout(r, 50));
    release();
    await tx;
    await outside;
    const ids = await client.query<{ id: number }>("select id from t where id >= 10 order by id");
    expect(ids.rows).toEqual([{ id: 11 }]);
  });
});
