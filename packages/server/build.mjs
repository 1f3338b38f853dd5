// Bundles the server, with the shared package it imports as TypeScript, into dist/main.js, the engine
// worker into dist/worker.js and the embedded database's thread into dist/pgliteWorker.js. npm packages stay external: `npm ci` installs them beside them.
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const sharedEntry = fileURLToPath(new URL("../shared/src/index.ts", import.meta.url));

await build({
  entryPoints: { main: "src/cli.ts", worker: "src/worker.ts", pgliteWorker: "src/storage/pgliteWorker.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  plugins: [
    {
      name: "bundle-shared",
      setup(b) {
        b.onResolve({ filter: /^@chess\/shared$/ }, () => ({ path: sharedEntry }));
      },
    },
  ],
});
