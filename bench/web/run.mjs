// bench/web: bytes of JavaScript a browser downloads on first load of `/`, from the production build:
// the entry script and the modules it preloads (index.html), raw, gzip and brotli (the files the server
// sends as they are). Lazy route chunks (e.g. /analysis) are listed apart.
//   node bench/web/run.mjs      (needs `npm run build` first)
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { machine, writeSection } from "../lib/report.mjs";

const dist = fileURLToPath(new URL("../../packages/web/dist", import.meta.url));
if (!existsSync(join(dist, "index.html"))) {
  console.error("no web build: run `npm run build` first");
  process.exit(1);
}
const html = readFileSync(join(dist, "index.html"), "utf8");
const firstLoad = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].map(
  (m) => m[1],
);
const sizes = (file) => {
  const path = join(dist, file);
  const raw = statSync(path).size;
  const gzip = existsSync(`${path}.gz`) ? statSync(`${path}.gz`).size : gzipSync(readFileSync(path)).length;
  const brotli = existsSync(`${path}.br`) ? statSync(`${path}.br`).size : brotliCompressSync(readFileSync(path)).length;
  return { file, raw, gzip, brotli };
};
const kb = (n) => (Number.isFinite(n) ? `${(n / 1024).toFixed(1)} KB` : "n/a");
const first = firstLoad.map(sizes);
const total = first.reduce((t, s) => ({ raw: t.raw + s.raw, gzip: t.gzip + s.gzip, brotli: t.brotli + s.brotli }), {
  raw: 0,
  gzip: 0,
  brotli: 0,
});
const lazy = readdirSync(join(dist, "assets"))
  .filter((f) => f.endsWith(".js") && !firstLoad.includes(`assets/${f}`))
  .map((f) => sizes(`assets/${f}`));

const budget = 250 * 1024;
const lines = [
  "## Web bundle (`bench/web`)",
  "",
  `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine()}, from \`packages/web/dist\`.`,
  "The server sends the pre-compressed files (brotli to browsers that accept it, else gzip).",
  "",
  "| JavaScript | raw | gzip | brotli | budget gzip ≤ 250 KB |",
  "|---|---|---|---|---|",
  `| first load of \`/\` (${first.length} files) | ${kb(total.raw)} | ${kb(total.gzip)} | ${kb(total.brotli)} | ${total.gzip <= budget ? "pass" : "**FAIL**"} |`,
  ...lazy.map(
    (s) =>
      `| lazy: \`${s.file.replace(/-[\w-]{8}\.js$/, ".js")}\` | ${kb(s.raw)} | ${kb(s.gzip)} | ${kb(s.brotli)} | (not on \`/\`) |`,
  ),
];
writeSection("web", lines.join("\n"));
console.log(lines.slice(5).join("\n"));
