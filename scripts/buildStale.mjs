// Builds whatever of the web app and the server is missing or older than its sources: `npm start` before it
// runs the server, and `npm run test:storage` (`node scripts/buildStale.mjs`), which in CI follows `npm test`
// and its fresh build. `npm run build` always rebuilds both.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Newest modification time under `paths` (files or folders), 0 when none exist. */
function newest(paths) {
  let max = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== "node_modules" && name !== "dist") visit(join(p, name));
    } else if (!/\.test\.tsx?$/.test(p)) max = Math.max(max, s.mtimeMs);
  };
  for (const p of paths) visit(join(root, p));
  return max;
}

/** `entry`: the server's bundle that must be fresh (main, or worker for an engine worker, which needs no web app). */
export function buildStale(entry = "main") {
  const targets = [
    {
      name: "web",
      output: "packages/web/dist/index.html",
      inputs: [
        "packages/web/src",
        "packages/web/public",
        "packages/web/index.html",
        "packages/web/vite.config.ts",
        "packages/shared/src",
      ],
    },
    {
      name: "server",
      output: `packages/server/dist/${entry}.js`,
      inputs: ["packages/server/src", "packages/server/build.mjs", "packages/shared/src"],
    },
  ];
  for (const t of targets) {
    if (entry === "worker" && t.name === "web") continue;
    const out = join(root, t.output);
    if (existsSync(out) && statSync(out).mtimeMs >= newest(t.inputs)) continue;
    console.log(`Building ${t.name}...`);
    const r = spawnSync("npm", ["run", "build", "-w", `packages/${t.name}`], { cwd: root, stdio: "inherit" });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) buildStale();
