import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/storage/db.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A PGlite data folder with every migration applied, copied by createTestDatabase (embedded mode only). */
    pgliteTemplate: string;
  }
}

/**
 * Creating a PGlite database runs initdb and then every migration in WASM: about 3 s of CPU, paid by each
 * of the 20-odd test files that start a server. It is paid once here; each file gets a copy of the result
 * (0.3 s), still a database of its own. With DATABASE_URL the files create their own databases as before.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide("pgliteTemplate", "");
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "chess-template-"));
  const db = await openDatabase({ pgliteDir: join(dir, "db") });
  await db.close();
  project.provide("pgliteTemplate", join(dir, "db"));
  return () => rmSync(dir, { recursive: true, force: true });
}
