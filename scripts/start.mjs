// `npm start`: builds whatever is missing or older than its sources, then runs the server in this
// process (web app + HTTP API + Socket.IO on PORT, default 3000).
// `npm run worker` (`node scripts/start.mjs worker`): the same for an engine worker, which needs no web app.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const entry = process.argv[2] === "worker" ? "worker" : "main";

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

await import(new URL(`../packages/server/dist/${entry}.js`, import.meta.url).href);
