import { defineConfig } from "@playwright/test";

/** Debian's Chromium; the test runner never downloads a browser of its own. */
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests",
  globalSetup: "./support/globalSetup.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One worker: specs share one server and one lobby, and some check that the lobby is empty.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: "retain-on-failure",
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
