// Compares server builds (or settings) with the durable relay in interleaved rounds of one scenario, so
// that each is measured on the same disk: this machine's syncs drift by tens of percent over minutes, and
// two builds run minutes apart compare the disk more than the builds. Prints each round and the medians
// (latency, and the CPU the measured process spent per move: steadier than latency on a noisy disk);
// writes nothing.
//   node bench/moves/compare.mjs ROUNDS 'TARGETS'      (needs `npm run build` first)
// TARGETS is JSON: [{"name": "durable", "kind": "durable"}, {"name": "new", "kind": "server"},
//   {"name": "old", "kind": "server", "main": "/path/to/other/checkout/packages/server/dist/main.js",
//    "env": {"SOME_SETTING": "1"}}, {"name": "flags", "kind": "server", "flags": ["--max-semi-space-size=128"]}]
// PACE (ms between a game's moves, default 1000) and SECS (seconds measured per round, default 15) set the
// scenario; 1,000 games.
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freshPostgres, makeScripts, root, runBots, startServer } from "../lib/live.mjs";
import { fmt, summarize } from "../lib/report.mjs";

const rounds = Number(process.argv[2] ?? 3);
const targets = JSON.parse(
  process.argv[3] ?? '[{"name":"durable","kind":"durable"},{"name":"server","kind":"server"}]',
);
const scenario = {
  name: "compare",
  games: 1000,
  paceMs: Number(process.env.PACE ?? 1000),
  seconds: Number(process.env.SECS ?? 15),
};
const scripts = makeScripts(24, 160);
const bots = (url, mode, pid) => runBots({ url, mode, scenario, scripts, botProcesses: 2, warmupMs: 3000, pid });

async function durable() {
  const dir = mkdtempSync(join(tmpdir(), "compare-durable-"));
  const child = fork(join(root, "bench/moves/durableRelay.ts"), ["0", join(dir, "db")], {
    stdio: "ignore",
    execArgv: ["--import", "tsx"],
  });
  const port = await new Promise((r) => child.once("message", (m) => r(m.port)));
  const result = await bots(`http://127.0.0.1:${port}`, "relay", child.pid);
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  rmSync(dir, { recursive: true, force: true });
  return result;
}

async function server({ env = {}, main, flags }) {
  const database = process.env.DATABASE_URL && !env.DATABASE_URL ? await freshPostgres("compare") : undefined;
  const s = await startServer({ env: database ? { DATABASE_URL: database.url, ...env } : env, main, flags });
  const result = await bots(s.url, "server", s.pid);
  await s.stop();
  s.remove();
  await database?.drop();
  return result;
}

const figures = Object.fromEntries(targets.map((t) => [t.name, []]));
for (let r = 0; r < rounds; r++) {
  for (const t of targets) {
    const result = t.kind === "durable" ? await durable() : await server(t);
    const s = summarize(result.samples);
    figures[t.name].push({ ...s, cpu: result.cpuPerMove });
    console.log(
      `round ${r + 1} ${t.name}: p50 ${fmt(s.p50)} p99 ${fmt(s.p99)}, CPU per move ${fmt(result.cpuPerMove)}, ${result.errors} errors`,
    );
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [name, runs] of Object.entries(figures))
  console.log(
    `${name}: median p50 ${fmt(median(runs.map((s) => s.p50)))}, median p99 ${fmt(median(runs.map((s) => s.p99)))}, ` +
      `median CPU per move ${fmt(median(runs.map((s) => s.cpu)))}`,
  );
process.exit(0);
