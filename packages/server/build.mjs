// Bundles the server, with the shared package it imports as TypeScript, into dist/main.js.
// npm packages stay external: `npm ci` installs them beside it.
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const sharedEntry = fileURLToPath(new URL("../shared/src/index.ts", import.meta.url));

await build({
  entryPoints: ["src/cli.ts"],
  outfile: "dist/main.js",
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
