// npm run bench: builds, then runs every benchmark in turn; each rewrites its own section of
// bench/README.md (figures, the baseline measured in the same run, budget, pass/fail, machine).
//   npm run bench [-- --quick]
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const passThrough = process.argv.slice(2);
const steps = [
  ["build", "npm", ["run", "build"]],
  ["web bundle", process.execPath, ["bench/web/run.mjs"]],
  ["move relay", process.execPath, ["bench/moves/run.mjs", ...passThrough]],
  ["computer opponent", process.execPath, ["bench/computer/run.mjs", ...passThrough]],
  ["floods", process.execPath, ["bench/flood/run.mjs", ...passThrough]],
  ["analysis and jumpstart", process.execPath, ["bench/analysis/run.mjs", ...passThrough]],
  [
    "queries (PGlite, or PostgreSQL when DATABASE_URL is set)",
    process.execPath,
    [
      "--import",
      "tsx",
      "bench/queries/run.ts",
      ...(passThrough.includes("--quick") ? ["--users", "10000", "--games", "100000"] : []),
    ],
  ],
  ["arena pairing", process.execPath, ["--import", "tsx", "bench/tournament/run.ts"]],
  [
    "daily games (PGlite, or PostgreSQL when DATABASE_URL is set)",
    process.execPath,
    [
      "--import",
      "tsx",
      "bench/daily/run.ts",
      ...(passThrough.includes("--quick") ? ["--games", "2000", "--players", "400", "--moves", "400"] : []),
    ],
  ],
  ["soak-lite, one node", process.execPath, ["bench/soak/run.mjs", "--lite"]],
  ...(process.env.DATABASE_URL && process.env.REDIS_URL
    ? [["soak-lite, two nodes", process.execPath, ["bench/soak/run.mjs", "--lite", "--nodes", "2"]]]
    : []),
];
const failed = [];
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const r = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  console.log(`=== ${name}: ${r.status === 0 ? "done" : "FAILED"} in ${Math.round((Date.now() - started) / 1000)} s`);
  if (r.status !== 0) failed.push(name);
}
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.join(", ")}`);
  process.exit(1);
}
console.log("\nbench/README.md is up to date");
