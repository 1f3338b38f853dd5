import { defineConfig } from "@playwright/test";
import { chromiumPath } from "./chromium.mjs";
import { workerBaseURL } from "./support/servers.ts";

const executablePath = chromiumPath();

export default defineConfig({
  testDir: "tests",
  globalSetup: "./support/globalSetup.ts",
  // Hang guards, not speed checks: the CI machine ran this suite 4-10x slower than a quiet 2-core box (page
  // loads the most), so a test's limit is about twice what it needs there (spec-level limits likewise).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // Two workers, each with a server of its own (support/globalSetup.ts): a worker's specs run one after
  // another on their own lobby, as some check that it is empty. Most of a spec's time is spent waiting on
  // the browser and the server, so two keep this 2-core machine busier without starving either.
  workers: 2,
  fullyParallel: false,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: workerBaseURL(),
    // A trace keeps its DOM snapshots but no screencast: the screenshots were taken on every action of every
    // page, and cost the browser more than the pages did (play + pairing specs, 2 workers: 3.9 min with
    // them, 2.8 without, 2.6 with no trace at all).
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
});
