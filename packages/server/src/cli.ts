import { ConfigError, loadConfig } from "./config.ts";
import { defaultWebDist, startServer } from "./main.ts";
import { stopOnSignals } from "./util/stopOnSignals.ts";

/** Process entry: `node dist/main.js`. Exits with a clear message on bad configuration. */
async function run() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, { webDist: defaultWebDist() });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const server = await startServer(config);
  console.log(
    `Chess site serving on ${server.url} (database: ${config.databaseUrl ? "PostgreSQL" : `PGlite in ${config.dataDir}/db`})`,
  );

  stopOnSignals(() => server.close(), {
    closing: "finishing requests and closing",
    tooLong: "Shutdown took over 10 s, exiting",
    withinMs: 10_000,
  });
}

run().catch((error: unknown) => {
  console.error("Failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
