import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgliteClient } from "./pgliteClient.ts";
import type { PgliteSyncStats } from "./pgliteProtocol.ts";
import { hasErrorCode, isDatabaseUnavailable, UNIQUE_VIOLATION } from "./unavailable.ts";
import { isSegmentName } from "./walSegments.ts";

const migrationsFolder = join(fileURLToPath(new URL(".", import.meta.url)), "..", "..", "drizzle");

describe("PgliteClient: the embedded database on its own thread", () => {
  let client: PgliteClient;
  let db: ReturnType<typeof drizzle>;
  const lost: Error[] = [];

  beforeAll(async () => {
    client = await PgliteClient.start({ dir: undefined, migrationsFolder }, (e) => lost.push(e));
    db = drizzle(client as never);
    await client.query("create table t (id int primary key, note text, at timestamptz default now())");
  }, 60_000);
  afterAll(() => client.close());

  it("answers queries in object and array row modes, dates as text as drizzle expects", async () => {
    await client.query("insert into t (id, note) values ($1, $2)", [1, "one"]);
    const object = await client.query("select id, note, at from t where id = $1", [1]);
    expect(object.rows).toEqual([{ id: 1, note: "one", at: expect.any(String) }]);
    const array = await client.query("select id, note from t where id = $1", [1], { rowMode: "array" });
    expect(array.rows).toEqual([[1, "one"]]);
    expect(object.fields.map((f) => f.name)).toEqual(["id", "note", "at"]);
  });

  it("hands back the database error's code, through drizzle's wrapping", async () => {
    const error = await db.execute(sql`insert into t (id) values (1)`).catch((e: unknown) => e);
    expect(hasErrorCode(error, UNIQUE_VIOLATION)).toBe(true);
    // The client is still usable after a failed statement.
    expect((await client.query("select count(*)::int as n from t")).rows).toEqual([{ n: 1 }]);
  });

  it("commits a transaction, and rolls one back when its function throws", async () => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id) values (2)`);
    });
    const failed = db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id) values (3)`);
      throw new Error("changed my mind");
    });
    await expect(failed).rejects.toThrow("changed my mind");
    const ids = await client.query("select id from t order by id", [], { rowMode: "array" });
    expect(ids.rows).toEqual([[1], [2]]);
  });

  it("rolls back only the savepoint of a nested transaction that fails", async () => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id) values (4)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into t (id) values (5)`);
          throw new Error("inner");
        })
        .catch(() => {});
    });
    const ids = await client.query("select id from t where id >= 4 order by id", [], { rowMode: "array" });
    expect(ids.rows).toEqual([[4]]);
  });

  it("keeps other statements out until a transaction ends, as PGlite itself does", async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const tx = db.transaction(async (t) => {
      await t.execute(sql`insert into t (id) values (6)`);
      order.push("tx wrote");
      await held;
      order.push("tx ends");
    });
    await new Promise((r) => setTimeout(r, 50));
    const outside = client.query("select count(*)::int as n from t where id = 6").then((r) => {
      order.push("outside read");
      return r.rows;
    });
    await new Promise((r) => setTimeout(r, 50));
    release();
    await tx;
    expect(await outside).toEqual([{ n: 1 }]);
    expect(order).toEqual(["tx wrote", "tx ends", "outside read"]);
  });

  it("refuses work once closed, without hanging, and does not report a closed database as lost", async () => {
    await client.close();
    await expect(client.query("select 1")).rejects.toThrow("The database is closed");
    await new Promise((r) => setTimeout(r, 100));
    expect(lost).toEqual([]);
  });
});

describe("PgliteClient: a player's urgent statement goes before queued background work", () => {
  let client: PgliteClient;
  let db: ReturnType<typeof drizzle>;
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  beforeAll(async () => {
    client = await PgliteClient.start({ dir: undefined, migrationsFolder });
    db = drizzle(client as never);
    await client.query("create table ran (seq serial primary key, n int)");
  }, 60_000);
  afterAll(() => client.close());

  /** Opens a transaction that writes `n` and holds the database until `release` is called. */
  async function holdDatabase(n: number) {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const tx = db.transaction(async (t) => {
      await t.execute(sql`insert into ran (n) values (${n})`);
      await held;
    });
    await pause(50);
    return { release, tx };
  }

  const order = async () =>
    (await client.query("select n from ran order by seq", [], { rowMode: "array" })).rows.map(
      (r) => (r as number[])[0],
    );

  it("runs it after the open transaction, before every normal statement queued ahead of it, each class in order", async () => {
    const { release, tx } = await holdDatabase(0);
    const answered: number[] = [];
    const write = (n: number, urgent = false) =>
      client.query("insert into ran (n) values ($1)", [n], { urgent }).then(() => void answered.push(n));
    const writes: Array<Promise<void>> = [];
    for (let n = 1; n <= 60; n++) {
      writes.push(write(n));
      if (n === 30) writes.push(write(1000, true));
    }
    writes.push(write(1001, true));
    await pause(50);
    expect(answered).toEqual([]);
    release();
    await tx;
    await Promise.all(writes);
    const normal = Array.from({ length: 60 }, (_, i) => i + 1);
    expect(await order()).toEqual([0, 1000, 1001, ...normal]);
    expect(answered).toEqual([1000, 1001, ...normal]);
  });

  it("answers every request, failed ones with their error, and the queue goes on", async () => {
    await client.query("delete from ran");
    const { release, tx } = await holdDatabase(0);
    const outcomes = Array.from({ length: 40 }, (_, i) => {
      const urgent = i % 4 === 0;
      const text = i % 3 === 0 ? "insert into nowhere values ($1)" : "insert into ran (n) values ($1)";
      return client.query(text, [i], { urgent }).then(
        () => "ok",
        (e: Error) => e.message,
      );
    });
    release();
    await tx;
    const settled = await Promise.all(outcomes);
    expect(settled.filter((o) => o === "ok")).toHaveLength(26);
    expect(settled.filter((o) => o.includes('"nowhere" does not exist'))).toHaveLength(14);
    expect(await order()).toHaveLength(27);
  });

  it("closes after the statements queued before the close, waiting for the open transaction", async () => {
    const own = await PgliteClient.start({ dir: undefined, migrationsFolder });
    const ownDb = drizzle(own as never);
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const tx = ownDb.transaction(async (t) => {
      await t.execute(sql`select 1`);
      await held;
    });
    await pause(50);
    const queued = [own.query("select 1 as one"), own.query("select 2 as two", [], { urgent: true })];
    const closed = own.close();
    release();
    await tx;
    await closed;
    expect((await Promise.all(queued)).map((r) => r.rows)).toEqual([[{ one: 1 }], [{ two: 2 }]]);
    await expect(own.query("select 1")).rejects.toThrow("The database is closed");
  }, 60_000);
});

describe("PgliteClient when its thread dies unasked", () => {
  it("fails what was waiting and everything after, and reports the loss once", async () => {
    const lost: Error[] = [];
    const client = await PgliteClient.start({ dir: undefined, migrationsFolder }, (e) => lost.push(e));
    // What a WebAssembly abort looks like from outside: the thread is gone.
    const worker = (client as unknown as { worker: Worker }).worker;
    const waiting = client.query("select pg_sleep(1)");
    await worker.terminate();
    await expect(waiting).rejects.toThrow("The database worker stopped");
    await expect(client.query("select 1")).rejects.toThrow("The database worker stopped");
    expect(lost).toHaveLength(1);
  }, 60_000);

  it("ends a close whose thread dies before answering, without reporting a loss", async () => {
    const lost: Error[] = [];
    const client = await PgliteClient.start({ dir: undefined, migrationsFolder }, (e) => lost.push(e));
    const worker = (client as unknown as { worker: Worker }).worker;
    // The close request queues behind a statement; the thread is gone before it is read.
    const busy = client.query("select pg_sleep(1)").catch((e: Error) => e);
    const closed = client.close();
    await worker.terminate();
    await closed;
    expect(await busy).toBeInstanceOf(Error);
    await expect(client.query("select 1")).rejects.toThrow();
    expect(lost).toEqual([]);
  }, 60_000);
});

describe("PgliteClient on disk: a commit is answered once it is synced", () => {
  let dir: string;
  let client: PgliteClient;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "pglite-sync-"));
    client = await PgliteClient.start({ dir, migrationsFolder });
    await client.query("create table t (id int primary key)");
  }, 120_000);
  afterAll(async () => {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("syncs every write before a statement outside a transaction or a commit resolves", async () => {
    const before = await client.syncStats();
    await client.query("insert into t values (1)");
    const afterInsert = await client.syncStats();
    expect(afterInsert.written).toBeGreaterThan(before.written);
    expect(afterInsert.synced).toBe(afterInsert.written);
    expect(afterInsert.fdatasyncs).toBeGreaterThan(before.fdatasyncs);

    await drizzle(client as never).transaction(async (tx) => {
      await tx.execute(sql`insert into t values (2)`);
    });
    const afterCommit = await client.syncStats();
    expect(afterCommit.syncs).toBeGreaterThan(afterInsert.syncs);
    expect(afterCommit.synced).toBe(afterCommit.written);
  });

  it("lets commits that wait on the same sync share it", async () => {
    const before = await client.syncStats();
    await Promise.all(Array.from({ length: 40 }, (_, i) => client.query("insert into t values ($1)", [100 + i])));
    const after = await client.syncStats();
    expect(after.synced).toBe(after.written);
    expect(after.syncs - before.syncs).toBeGreaterThanOrEqual(1);
    expect(after.syncs - before.syncs).toBeLessThan(40);
  });

  it("syncs every file PostgreSQL wrote before a checkpoint is recorded", async () => {
    // The table's pages, written to extend it, wait for the checkpoint (their changes are in the synced WAL).
    expect((await client.syncStats()).unsyncedFiles).toBeGreaterThan(0);
    await client.query("checkpoint");
    const after = await client.syncStats();
    expect(after.unsyncedFiles).toBe(0);
    expect(after.synced).toBe(after.written);
  });

  it("switches WAL segments into files made ready ahead, off the database thread", async () => {
    const until = async (enough: (s: PgliteSyncStats) => boolean) => {
      for (let i = 0; i < 200; i++) {
        const stats = await client.syncStats();
        if (enough(stats)) return stats;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error("no WAL segment was made ready");
    };
    // The one after the segment in use, made ready as soon as the database opened it (on a first start, by the
    // worker that made the database).
    const first = await client.syncStats();
    const wal = join(dir, "pg_wal");
    const prepared = readdirSync(wal).filter(isSegmentName).sort().at(-1) as string;
    const inode = statSync(join(wal, prepared)).ino;
    expect(readFileSync(join(wal, prepared)).every((b) => b === 0)).toBe(true);
    // ~20 MB of WAL (rows too short to be compressed): past the end of a 16 MB segment into the one made ready.
    await client.query("create table filler (id int, pad text)");
    await client.query("insert into filler select g, repeat('x', 1500) from generate_series(1, 14000) g");
    await client.query("drop table filler");
    await until((s) => s.walSegmentsPrepared > first.walSegmentsPrepared);
    // PostgreSQL wrote its WAL into that very file rather than making one of its own.
    expect(statSync(join(wal, prepared)).ino).toBe(inode);
    expect(readFileSync(join(wal, prepared)).some((b) => b !== 0)).toBe(true);
  }, 60_000);

  it("finds every acknowledged row after a restart", async () => {
    await client.close();
    client = await PgliteClient.start({ dir, migrationsFolder });
    const rows = await client.query("select count(*)::int as n from t");
    expect(rows.rows).toEqual([{ n: 42 }]);
  }, 60_000);
});

describe("PgliteClient on disk: checkpoints while it runs, so the WAL and a crash's replay stay bounded", () => {
  it("checkpoints once WAL was written, then not again while nothing is", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pglite-checkpoints-"));
    // Looked at every everyMs / 4.
    const checkpoints = { walBytes: 1024 * 1024, everyMs: 2000 };
    const client = await PgliteClient.start({ dir, migrationsFolder, checkpoints });
    try {
      const redo = async () =>
        ((await client.query("select redo_lsn::text as lsn from pg_control_checkpoint()")).rows[0] as { lsn: string })
          .lsn;
      const settled = async () => {
        await new Promise((r) => setTimeout(r, 1500));
        return client.syncStats();
      };
      const start = await settled();
      const before = await redo();
      // ~3 MB of WAL in one statement: in two, a look between them could find the first one's few bytes written
      // more than everyMs after the open, and checkpoint for those as well.
      await client.query(
        "create table filler as select g as id, repeat('x', 1000) as pad from generate_series(1, 3000) g",
      );
      const after = await settled();
      expect(after.checkpoints).toBe(start.checkpoints + 1);
      expect(after.unsyncedFiles).toBe(0);
      expect(await redo()).not.toBe(before);
      // Reading writes no WAL: nothing calls for another.
      for (let i = 0; i < 20; i++) await client.query("select count(*) from filler");
      expect((await settled()).checkpoints).toBe(after.checkpoints);
    } finally {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("PgliteClient with a timeout: a worker that does not answer fails the request", () => {
  it("fails a request past the bound as 'database unavailable', then works again once the worker is free", async () => {
    const client = await PgliteClient.start({ dir: undefined, migrationsFolder }, () => {}, { timeoutMs: 300 });
    try {
      const started = Date.now();
      const slow = client.query("select pg_sleep(1.5)");
      const error = await slow.catch((e: unknown) => e);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(Date.now() - started).toBeLessThan(1_200);
      // A transaction begun while the worker is busy is given up too; when its BEGIN finally runs, the
      // client rolls it back, or it would hold the database forever.
      const tx = drizzle(client as never).transaction(async (t) => {
        await t.execute(sql`select 1`);
      });
      expect(isDatabaseUnavailable(await tx.catch((e: unknown) => e))).toBe(true);
      await new Promise((r) => setTimeout(r, 1_500));
      expect((await client.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
    } finally {
      await client.close();
    }
  }, 60_000);
});
