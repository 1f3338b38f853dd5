import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

/** Screenshots, not tests: `node scripts/screenshots.mjs` runs these against a freshly built site. */
export default defineConfig({
  ...base,
  // One browser at a time: the pictures are taken in order, and on this machine one server suffices.
  workers: 1,
  testDir: "screenshots",
  testMatch: "*.shots.ts",
  timeout: 300_000,
  outputDir: "test-results/shots",
});
