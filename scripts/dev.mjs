// `npm run dev`: the server from source with reload on :3000, and Vite with hot reload on :5173
// (it proxies the API and the socket to :3000). Open http://localhost:5173.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const children = [
  spawn("npx", ["tsx", "watch", "packages/server/src/cli.ts"], { cwd: root, stdio: "inherit" }),
  spawn("npx", ["vite"], { cwd: `${root}packages/web`, stdio: "inherit" }),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children)
  c.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
