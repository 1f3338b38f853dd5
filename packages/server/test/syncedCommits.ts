// Run by diskSync.test.ts under strace: commits rows one at a time to PGlite in `dir` and writes
// "ACK <n>" to stdout the moment each commit resolves, so the trace shows what reached the disk before.
//   node --import tsx test/syncedCommits.ts <dir> <count>
import { writeSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PgliteClient } from "../src/storage/pgliteClient.ts";

const [dir, count] = [process.argv[2], Number(process.argv[3] ?? 10)];
const migrationsFolder = join(fileURLToPath(new URL(".", import.meta.url)), "..", "drizzle");
const client = await PgliteClient.start({ dir, migrationsFolder });
await client.query("create table if not exists synced_commits (n int primary key)");
writeSync(1, "READY\n");
for (let n = 0; n < count; n++) {
  await client.query("insert into synced_commits values ($1)", [n]);
  writeSync(1, `ACK ${n}\n`);
}
await client.close();
