// Screenshots from the built site, in Debian's Chromium, against a server of their own with fresh data:
//   node scripts/screenshots.mjs            the README's pictures, into docs/screenshots/
//   node scripts/screenshots.mjs gallery    every page at phone, tablet and desktop sizes in both themes,
//                                           plus dialogs, into packages/e2e/gallery/ (to look at, not kept)
// The site is built first; pass --no-build to use the last build.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const which = args.includes("gallery") ? "gallery" : "readme";
const run = (cmd, argv, cwd) => {
  const r = spawnSync(cmd, argv, { cwd, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
if (!args.includes("--no-build")) run("npm", ["run", "build"], root);
run("npx", ["playwright", "test", "-c", "screenshots.config.ts", `${which}.shots.ts`], `${root}/packages/e2e`);
