// Shared helpers for benchmarks: percentiles, machine description, and rewriting one section of
// bench/README.md between markers so each benchmark owns its part.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { fileURLToPath } from "node:url";

export const readmePath = fileURLToPath(new URL("../README.md", import.meta.url));

export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function summarize(samples) {
  const s = [...samples].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: percentile(s, 50),
    p90: percentile(s, 90),
    p95: percentile(s, 95),
    p99: percentile(s, 99),
    max: s.at(-1) ?? Number.NaN,
  };
}

/**
 * The share of all cores busy over the next `ms` (0-100), from the kernel's counters: what else is running
 * now. Unlike the load average, it does not count the work a benchmark itself ran in the minute before.
 */
export async function cpuBusy(ms = 3000) {
  const total = () =>
    cpus().reduce(
      (t, c) => {
        const all = Object.values(c.times).reduce((a, b) => a + b, 0);
        return { all: t.all + all, idle: t.idle + c.times.idle };
      },
      { all: 0, idle: 0 },
    );
  const a = total();
  await new Promise((r) => setTimeout(r, ms));
  const b = total();
  return b.all === a.all ? 0 : (100 * (b.all - a.all - (b.idle - a.idle))) / (b.all - a.all);
}

export function machine() {
  const c = cpus();
  return `${c.length} × ${c[0]?.model ?? "unknown CPU"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

export const fmt = (ms) => (Number.isFinite(ms) ? `${ms.toFixed(ms < 10 ? 2 : 1)} ms` : "n/a");

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->` in bench/README.md. */
export function writeSection(name, body) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  let text = existsSync(readmePath) ? readFileSync(readmePath, "utf8") : "# Benchmarks\n";
  const block = `${start}\n${body.trim()}\n${end}`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  text = i >= 0 && j > i ? text.slice(0, i) + block + text.slice(j + end.length) : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(readmePath, text);
}
