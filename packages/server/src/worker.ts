import pino from "pino";
import { ConfigError, loadConfig } from "./config.ts";
import { createEnginePool, engineJobHandlers, queueWorkerSettings } from "./engineJobs.ts";
import { startQueueWorkers } from "./jobs/index.ts";
import { openDatabase } from "./storage/db.ts";
import { stopOnSignals } from "./util/stopOnSignals.ts";

/** A job that outlasts this after SIGTERM is left to another worker (it is taken again once its lock lapses). */
const SHUTDOWN_MS = 60_000;

/**
 * Process entry of an engine worker (`npm run worker`, `node dist/worker.js`): takes analysis and jumpstart
 * jobs from the queue the web nodes fill, runs them on ENGINE_WORKERS engines and stores their results.
 */
async function run() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const { redisUrl, databaseUrl } = config;
  if (!redisUrl || !databaseUrl) {
    console.error(
      "The worker takes jobs from Redis and stores results in PostgreSQL: set REDIS_URL and DATABASE_URL, as for the web nodes.\n" +
        "(Without them the site runs its engine jobs inside `npm start`; no worker is needed.)",
    );
    process.exit(2);
  }
  const logger = pino({ level: config.logLevel });
  const database = await openDatabase({ databaseUrl, statementTimeoutMs: config.statementTimeoutMs });
  const engines = createEnginePool(config, logger, "queue");
  const workers = startQueueWorkers(
    engineJobHandlers(database.db, engines),
    queueWorkerSettings({ ...config, redisUrl }, logger),
  );
  await workers.ready;
  logger.info({ engine: engines.command.kind, engines: engines.size, prefix: config.redisPrefix }, "worker ready");
  console.log(
    `Engine worker taking jobs from ${config.redisPrefix}:jobs with ${engines.size} ${engines.command.kind} engine(s)`,
  );

  stopOnSignals(
    async () => {
      await workers.close();
      engines.close();
      await database.close();
    },
    {
      closing: "finishing the jobs running, then closing",
      tooLong: `Jobs still running after ${SHUTDOWN_MS / 1000} s: exiting; another worker will take them`,
      withinMs: SHUTDOWN_MS,
    },
  );
}

run().catch((error: unknown) => {
  console.error("Worker failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
