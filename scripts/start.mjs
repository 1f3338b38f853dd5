// `npm start`: builds whatever is missing or older than its sources, then runs the server in this
// process (web app + HTTP API + Socket.IO on PORT, default 3000).
// `npm run worker` (`node scripts/start.mjs worker`): the same for an engine worker, which needs no web app.
import { buildStale } from "./buildStale.mjs";

const entry = process.argv[2] === "worker" ? "worker" : "main";
buildStale(entry);
await import(new URL(`../packages/server/dist/${entry}.js`, import.meta.url).href);
