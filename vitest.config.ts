import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The longest files, longest first: they restart servers or wait out real deadlines. Vitest orders files by
 * the timings of the last run, and without them by name: in CI the PostgreSQL run (`npm run test:storage`)
 * follows the embedded one, where failover.test.ts and dbOutage.test.ts are skipped and take no time, so they
 * started last and ended that run alone (failover.test.ts 158-213 s of 213 s). Others follow in vitest's order.
 */
const SLOW_FIRST = [
  "server/test/daily.test.ts",
  "server/test/crash.test.ts",
  "server/test/failover.test.ts",
  "server/test/sigterm.test.ts",
  "server/test/restart.test.ts",
  "server/test/computer.test.ts",
  "server/test/dbOutage.test.ts",
  "server/test/puzzlesBackfill.test.ts",
  "server/test/pairing.test.ts",
  "server/test/access.test.ts",
  "server/test/arenaRestart.test.ts",
  "server/test/tournaments.test.ts",
  "server/src/storage/pgliteClient.test.ts",
  "shared/src/chess/board.test.ts",
  "server/test/fuzz.test.ts",
  "server/test/clocks.test.ts",
  "server/test/friends.test.ts",
  "server/test/dbStall.test.ts",
  "server/test/diskSync.test.ts",
  "server/test/jumpstart.test.ts",
  "server/test/worker.test.ts",
  "server/test/dbPool.test.ts",
];

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.findIndex((p) => f.moduleId.endsWith(`/packages/${p}`));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/** What both web projects share. */
const web = {
  root: "packages/web",
  include: ["src/**/*.test.{ts,tsx}"],
  environment: "happy-dom",
  setupFiles: ["src/test/setup.ts"],
  // A hang guard, not a speed check: a page test taking 1 s alone took over 5 s (the default) on two
  // cores loaded by other test files and a benchmark.
  testTimeout: 15_000,
} as const;

/**
 * Web files that need modules of their own: they replace a module with `vi.mock` (which a module already
 * loaded by an earlier file in the worker would escape), or load pages lazily (the router), which can finish
 * after their file is done and land in the next one's DOM.
 */
const WEB_ISOLATED = [
  "src/lib/socket.test.ts",
  "src/components/ConnectionBanner.test.tsx",
  "src/features/game/gameSounds.test.ts",
  "src/features/sounds/soundPlayer.test.ts",
  "src/router.test.tsx",
];

export default defineConfig({
  test: {
    // Most server files wait on servers, sockets and clocks rather than compute: one more file at a time than
    // there are cores (vitest's default is one fewer) halved the server project's time on 2 cores.
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          name: "shared",
          root: "packages/shared",
          include: ["src/**/*.test.ts"],
          environment: "node",
          isolate: false,
        },
      },
      {
        test: {
          name: "server",
          root: "packages/server",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/globalSetup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own servers from the modules: loading the whole server afresh per file was
          // most of the run's CPU (shared + server units, loaded machine: import 85 s isolated, 21 s shared;
          // the integration files' 309 s of import on PostgreSQL). No server file replaces a module (vi.mock).
          isolate: false,
        },
      },
      {
        extends: "./packages/web/vite.config.ts",
        test: {
          ...web,
          name: "web",
          exclude: WEB_ISOLATED,
          // The page and component files share their worker's modules: each file loading React, the router and
          // the features afresh cost 5x the CPU of running them (all web files, 2 cores: 315 CPU-s isolated,
          // 74 shared). Each file still gets a fresh DOM, and testing-library unmounts after each test.
          isolate: false,
        },
      },
      {
        extends: "./packages/web/vite.config.ts",
        test: { ...web, name: "web-isolated", include: WEB_ISOLATED },
      },
    ],
  },
});
