// Preloaded into the benchmarked server (node --expose-gc --import): on SIGUSR2 it collects garbage and
// writes process.memoryUsage() to MEMPROBE_FILE, so the bench reads live memory, not garbage.
// BENCH_TRACE=1 also prints the server's event-loop stalls over 20 ms (to line up with the bots' worst
// latencies); BENCH_ALLOC=file writes a sampling allocation profile of 8 s of play (from the third
// SIGUSR2, when the games have started): which functions allocate, garbage included. With BENCH_ALLOC_LIVE=1
// it keeps only what is still alive when the 8 s end: what each move leaves behind for the old generation;
// with BENCH_ALLOC_PROMOTED=1 what outlived the young generation, dead since or not: what scavenges copy.
import { writeFileSync } from "node:fs";

process.on("SIGUSR2", () => {
  globalThis.gc?.();
  globalThis.gc?.();
  writeFileSync(process.env.MEMPROBE_FILE, JSON.stringify(process.memoryUsage()));
});

if (process.env.BENCH_TRACE) {
  const { monitorEventLoopDelay } = await import("node:perf_hooks");
  // Preloaded into worker threads too (the embedded database's): each says which it is.
  const { isMainThread } = await import("node:worker_threads");
  const thread = isMainThread ? "server" : "server's database thread";
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  setInterval(() => {
    const max = delay.max / 1e6;
    if (max > 20) process.stderr.write(`${thread} stalled ${max.toFixed(0)} ms at ${new Date().toISOString()}\n`);
    delay.reset();
  }, 250).unref();
}

if (process.env.BENCH_ALLOC) {
  const { Session } = await import("node:inspector");
  const session = new Session();
  session.connect();
  let signals = 0;
  process.on("SIGUSR2", () => {
    if (++signals !== 3) return;
    const sampling = {
      samplingInterval: 4096,
      includeObjectsCollectedByMinorGC: !process.env.BENCH_ALLOC_LIVE && !process.env.BENCH_ALLOC_PROMOTED,
      includeObjectsCollectedByMajorGC: !process.env.BENCH_ALLOC_LIVE,
    };
    session.post("HeapProfiler.startSampling", sampling, () => {
      setTimeout(() => {
        session.post("HeapProfiler.stopSampling", (_err, result) =>
          writeFileSync(process.env.BENCH_ALLOC, JSON.stringify(result.profile)),
        );
      }, 8000);
    });
  });
}
