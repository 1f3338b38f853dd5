import { ConfigError, loadConfig } from "./config.ts";
import { defaultWebDist, startServer } from "./main.ts";

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

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests and closing`);
    const force = setTimeout(() => {
      console.error("Shutdown took over 10 s, exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error("Shutdown failed", error);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

run().catch((error: unknown) => {
  console.error("Failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
