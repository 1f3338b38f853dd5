import { type PGlite, parse, protocol, type QueryOptions, type Results } from "@electric-sql/pglite";

const { serialize } = protocol;
/** PostgreSQL's answer when a table changed under a prepared statement so that its result columns differ. */
const FEATURE_NOT_SUPPORTED = "0A000";

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Statements outside transactions, as PGlite's `query` runs them, at less than half the cost. `query` makes
 * six trips into the WebAssembly module per statement (parse, describe, bind, describe, execute, sync) and
 * parses and plans the text every time: 0.8 ms for a two-row INSERT of a move on a 2-core EPYC, most of
 * what the database thread spends per move. Here each text is prepared once as a named statement, and each
 * run is one trip (bind, describe, execute, sync): 0.35 ms. Values are serialized and rows parsed by
 * PGlite's own functions, so results are the same; PostgreSQL replans a statement whose tables changed.
 */
export class PreparedStatements {
  /** Statement name and parameter types by text; in use order, so the first is the least recently used. */
  private readonly named = new Map<string, { name: string; paramTypes: number[] }>();
  private made = 0;

  constructor(
    private readonly client: PGlite,
    /** Statements kept prepared at most; the least recently used one is closed for a new one. */
    private readonly limit = 256,
  ) {}

  /** Like `client.query` outside a transaction: waits for any open transaction, and takes its turn. */
  query<T>(text: string, params: unknown[], options: QueryOptions): Promise<Results<T>> {
    const { client } = this;
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        await client._checkReady();
        try {
          return await this.run<T>(text, params, options);
        } catch (e) {
          // A table changed its columns under the statement: prepared again, it answers as the table is now.
          if ((e as { code?: string }).code !== FEATURE_NOT_SUPPORTED || !this.named.has(text)) throw e;
          await this.forget(text);
          return await this.run<T>(text, params, options);
        }
      }),
    );
  }

  /** Statements prepared now (for tests). */
  get size(): number {
    return this.named.size;
  }

  private async run<T>(text: string, params: unknown[], options: QueryOptions): Promise<Results<T>> {
    const statement = await this.prepared(text);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const toText = this.client.serializers[statement.paramTypes[i] ?? 0];
      return toText ? toText(param) : String(param);
    });
    try {
      const messages = await this.trip(
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
      );
      await this.client.syncToFs();
      return parse.parseResults(messages, this.client.parsers, options)[0] as Results<T>;
    } catch (e) {
      throw Object.assign(e as object, { query: text, params, queryOptions: options });
    }
  }

  private async prepared(text: string) {
    const known = this.named.get(text);
    if (known) {
      this.named.delete(text);
      this.named.set(text, known);
      return known;
    }
    const oldest = this.named.size >= this.limit ? this.named.keys().next().value : undefined;
    if (oldest !== undefined) await this.forget(oldest);
    const name = `prepared_${++this.made}`;
    try {
      const messages = await this.trip(serialize.parse({ name, text }), serialize.describe({ type: "S", name }));
      const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
      this.named.set(text, statement);
      return statement;
    } catch (e) {
      throw Object.assign(e as object, { query: text });
    }
  }

  private async forget(text: string): Promise<void> {
    const statement = this.named.get(text);
    if (!statement) return;
    this.named.delete(text);
    await this.trip(serialize.close({ type: "S", name: statement.name }));
  }

  /** Protocol messages and a sync, in one call into the database. */
  private trip(...messages: Uint8Array[]) {
    return this.client.execProtocolStream(concat([...messages, serialize.sync()]), { syncToFs: false });
  }
}
