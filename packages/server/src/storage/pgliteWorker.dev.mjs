// Starts pgliteWorker.ts from source (tests, `npm run dev`). Node 20 ignores `--import tsx` in a worker's
// execArgv, so tsx is registered here first. The build bundles the worker as dist/pgliteWorker.js instead.
import { register } from "tsx/esm/api";

register();
await import("./pgliteWorker.ts");
