import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  createAccountsRepo,
  createAccountsService,
  createRequestAuth,
  identifySocket,
  registerAccountsRoutes,
} from "./areas/accounts/index.ts";
import { Bus } from "./bus.ts";
import type { Config } from "./config.ts";
import { createHttpApp } from "./http/app.ts";
import { createRealtime } from "./realtime/io.ts";
import { openDatabase } from "./storage/db.ts";
import { MemoryRateLimiter } from "./storage/rateLimits.ts";

export interface RunningServer {
  /** Base URL, e.g. http://127.0.0.1:3000 */
  url: string;
  port: number;
  /** Graceful stop: refuse new work, finish requests in flight, close sockets and the database. */
  close(): Promise<void>;
}

/** Where the built web app sits relative to this file (source or bundle). */
export function defaultWebDist(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return join(here, "..", "..", "web", "dist");
}

/** The composition root: config → storage → areas → HTTP and realtime. */
export async function startServer(config: Config, opts: { inMemoryDb?: boolean } = {}): Promise<RunningServer> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: opts.inMemoryDb ? undefined : join(config.dataDir, "db"),
  });
  const bus = new Bus();
  const limiter = new MemoryRateLimiter();

  const accountsRepo = createAccountsRepo(database.db);
  const accounts = createAccountsService({
    repo: accountsRepo,
    limiter,
    bus,
    signupLimitPerIp: config.signupLimitPerIp,
  });
  const auth = createRequestAuth(accounts);

  const app = await createHttpApp(config);
  app.get("/health", async (_req, reply) => {
    try {
      await database.db.execute("select 1");
      return { status: "ok", database: database.kind, uptimeSeconds: Math.round(process.uptime()) };
    } catch {
      return reply.status(503).send({ status: "unavailable", database: database.kind });
    }
  });
  registerAccountsRoutes(app, { service: accounts, auth, secureCookies: config.secureCookies });

  const realtime = createRealtime(app.server, {
    publicOrigin: config.publicOrigin,
    identify: (handshake) => identifySocket(accounts, handshake),
    logger: app.log,
  });
  bus.subscribe("sessionEnded", ({ sessionId }) => realtime.disconnectSession(sessionId));

  const sweeper = setInterval(() => {
    accounts.sweepStaleSessions().catch((err: unknown) => app.log.warn({ err }, "session sweep failed"));
  }, 3_600_000);
  sweeper.unref();

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    close() {
      closing ??= (async () => {
        clearInterval(sweeper);
        realtime.close();
        await app.close();
        limiter.close();
        await database.close();
      })();
      return closing;
    },
  };
}
