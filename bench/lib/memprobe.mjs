// Preloaded into the benchmarked server (node --expose-gc --import): on SIGUSR2 it collects garbage and
// writes process.memoryUsage() to MEMPROBE_FILE, so the bench reads live memory, not garbage.
import { writeFileSync } from "node:fs";

process.on("SIGUSR2", () => {
  globalThis.gc?.();
  globalThis.gc?.();
  writeFileSync(process.env.MEMPROBE_FILE, JSON.stringify(process.memoryUsage()));
});
