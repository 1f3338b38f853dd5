import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const api = "http://127.0.0.1:3000";
// In `npm run dev` the API and socket run on :3000 and Vite proxies to them.
const proxied = ["/user", "/game", "/history", "/club", "/post", "/event", "/friend", "/leaderboard", "/health"];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxied.map((p) => [p, { target: api, bypass: htmlBypass }])),
      "/socket.io": { target: api, ws: true },
    },
  },
  build: { outDir: "dist", sourcemap: true, chunkSizeWarningLimit: 600 },
});

/** Page navigations (Accept: text/html) stay with Vite so client routes like /leaderboards load the app. */
function htmlBypass(req: { headers: { accept?: string } }): string | undefined {
  return req.headers.accept?.includes("text/html") ? "/index.html" : undefined;
}
