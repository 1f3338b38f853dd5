/**
 * SIGTERM and SIGINT run `close` once: the process exits 0 when it is done, 1 when it fails or takes
 * longer than `withinMs` (then the service manager, or another worker, takes over).
 */
export function stopOnSignals(
  close: () => Promise<void>,
  say: { closing: string; tooLong: string; withinMs: number },
): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: ${say.closing}`);
    // A client closing under a command still queued (a Redis heartbeat) rejects it with nobody left to
    // listen. That is no fault once the process is on its way out: said, not turned into exit 1.
    process.on("unhandledRejection", (reason) => {
      console.error(`Ignored while closing: ${reason instanceof Error ? reason.message : String(reason)}`);
    });
    const force = setTimeout(() => {
      console.error(say.tooLong);
      process.exit(1);
    }, say.withinMs);
    force.unref();
    close().then(
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
