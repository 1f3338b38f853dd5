// Runs the browser suite in Debian's Chromium. Without it the suite is skipped loudly, except under
// CI=true where a missing browser is a failure (CI installs it with apt).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { chromiumPath } from "./chromium.mjs";

const chromium = chromiumPath();
if (!existsSync(chromium)) {
  const banner = "#".repeat(78);
  console.error(`\n${banner}\n# Chromium not found at ${chromium}: BROWSER TESTS NOT RUN.`);
  console.error("# Install it with: apt-get install -y chromium-headless-shell   (or chromium, or set CHROMIUM_PATH)");
  console.error(`${banner}\n`);
  process.exit(process.env.CI === "true" ? 1 : 0);
}
// Playwright's CLI on this Node, not through npx: under `npm exec --package=...` (CI's Node 24 pass) a nested
// npx takes the outer command's package settings and fails.
const cli = createRequire(import.meta.url).resolve("@playwright/test/cli");
const r = spawnSync(process.execPath, [cli, "test", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(r.status ?? 1);
