import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const api = "http://127.0.0.1:3000";
// In `npm run dev` the API and socket run on :3000 and Vite proxies to them.
const proxied = ["/user", "/game", "/history", "/club", "/post", "/event", "/friend", "/leaderboard", "/health"];

export default defineConfig({
  plugins: [react(), browserEngine(), precompress()],
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxied.map((p) => [p, { target: api, bypass: htmlBypass }])),
      "/socket.io": { target: api, ws: true },
    },
  },
  // What / loads is ~770 KB raw; its budget is in gzip bytes (250 KB), which bench/web measures. The warning
  // stays as a tripwire for a large dependency pulled in. Pages other than the lobby's and a game's load when
  // opened (router.tsx); what two or more chunks share goes in one "common" chunk, so the first load is three
  // files, not two dozen of a few hundred bytes each.
  build: {
    outDir: "dist",
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: "common", minShareCount: 2 }] } } },
  },
});

/** Page navigations (Accept: text/html) stay with Vite so client routes like /leaderboards load the app. */
function htmlBypass(req: { headers: { accept?: string } }): string | undefined {
  return req.headers.accept?.includes("text/html") ? "/index.html" : undefined;
}

/** The browser engine's files (npm `stockfish`, lite single-threaded WASM), served as /engine/<name>. */
const ENGINE_FILES = ["stockfish-19-lite-single.js", "stockfish-19-lite-single.wasm"];

/**
 * Puts the engine's files under /engine/ in the build (and serves them in `npm run dev`). They are plain
 * files, not modules: only the analysis page starts a Worker on them, so no other page ever loads them.
 */
function browserEngine(): Plugin {
  const require = createRequire(import.meta.url);
  const pathOf = (name: string) => require.resolve(`stockfish/bin/${name}`);
  return {
    name: "browser-engine",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.startsWith("/engine/") ? req.url.slice("/engine/".length).split(/[?#]/)[0] : undefined;
        if (!name || !ENGINE_FILES.includes(name)) return next();
        res.setHeader("content-type", name.endsWith(".wasm") ? "application/wasm" : "text/javascript");
        res.end(readFileSync(pathOf(name)));
      });
    },
    generateBundle() {
      for (const name of ENGINE_FILES) {
        this.emitFile({ type: "asset", fileName: `engine/${name}`, source: readFileSync(pathOf(name)) });
      }
    },
  };
}

/**
 * Writes `.br` and `.gz` next to each built text asset, at maximum compression, so the server sends them
 * as they are (no compression work per request).
 */
function precompress(): Plugin {
  return {
    name: "precompress",
    apply: "build",
    writeBundle(options, bundle) {
      const dir = options.dir ?? "dist";
      const files = [...Object.keys(bundle), "index.html"].filter((f) => /\.(js|css|html|svg|wasm)$/.test(f));
      for (const file of new Set(files)) {
        const path = join(dir, file);
        const data = readFileSync(path);
        if (data.length < 1024) continue;
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}
