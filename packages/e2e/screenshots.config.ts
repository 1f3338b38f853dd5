import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

/** Screenshots, not tests: `node scripts/screenshots.mjs` runs these against a freshly built site. */
export default defineConfig({
  ...base,
  testDir: "screenshots",
  testMatch: "*.shots.ts",
  timeout: 300_000,
  outputDir: "test-results/shots",
});
