import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Most server files wait on servers, sockets and clocks rather than compute: one more file at a time than
    // there are cores (vitest's default is one fewer) halved the server project's time on 2 cores.
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        test: {
          name: "shared",
          root: "packages/shared",
          include: ["src/**/*.test.ts"],
          environment: "node",
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
        },
      },
      {
        extends: "./packages/web/vite.config.ts",
        test: {
          name: "web",
          root: "packages/web",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["src/test/setup.ts"],
          // A hang guard, not a speed check: a page test taking 1 s alone took over 5 s (the default) on two
          // cores loaded by other test files and a benchmark.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
