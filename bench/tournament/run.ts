// bench/tournament: the CPU time of one arena pairing wave (arenaPairing.ts), the budget's "one wave of 500
// waiting players ≤ 100 ms of event-loop time" (docs/ARCHITECTURE.md §7). Pure computation: no server.
//   node --import tsx bench/tournament/run.ts [--waves N] [--no-write]
// Prints its table and rewrites its section of bench/README.md (not with --no-write).
import { performance } from "node:perf_hooks";
import {
  ARENA_PAIRING,
  type ArenaWaiting,
  pairArena,
} from "../../packages/server/src/areas/tournaments/arenaPairing.ts";
import type { Color } from "../../packages/shared/src/index.ts";
import { cpuBusy, fmt, machine, summarize, writeSection } from "../lib/report.mjs";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const WAVES = arg("waves", 30);
const BUDGET_MS = 100;

/** A deterministic generator, so two runs time the same waves. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * `n` waiting players of an arena of `players`, mid-tournament: ranks spread over the standings, a few games
 * of colour history each, a last opponent most of the time, clubs in a battle.
 */
function wave(n: number, players: number, seed: number, battle: boolean): ArenaWaiting[] {
  const r = rng(seed);
  const ranks = Array.from({ length: players }, (_, i) => i + 1).sort(() => r() - 0.5);
  return Array.from({ length: n }, (_, i) => ({
    userId: i + 1,
    rating: 800 + Math.floor(r() * 1600),
    rank: ranks[i]!,
    colors: Array.from({ length: Math.floor(r() * 12) }, (): Color => (r() < 0.5 ? "w" : "b")),
    lastOpponent: r() < 0.8 ? 1 + Math.floor(r() * players) : null,
    clubId: battle ? 1 + Math.floor(r() * 10) : null,
  }));
}

function time(n: number, players: number, battle: boolean) {
  const samples: number[] = [];
  const walls: number[] = [];
  let paired = 0;
  for (let w = 0; w < WAVES + 3; w++) {
    const waiting = wave(n, players, 1_000 + w, battle);
    const random = rng(w);
    const cpu = process.cpuUsage();
    const t = performance.now();
    const r = pairArena({ waiting, maxRank: players, firstRound: false, random });
    const wall = performance.now() - t;
    const used = process.cpuUsage(cpu);
    // The first waves warm the JIT up: not counted.
    if (w < 3) continue;
    samples.push((used.user + used.system) / 1000);
    walls.push(wall);
    paired += r.pairs.length * 2;
  }
  return { cpu: summarize(samples), wall: summarize(walls), pairedShare: paired / (n * WAVES) };
}

const busy = await cpuBusy();
const rows: string[] = [];
for (const [n, players, battle] of [
  [50, 50, false],
  [100, 200, false],
  [250, 1_000, false],
  [500, 1_000, false],
  [500, 1_000, true],
  [1_000, 1_000, false],
] as const) {
  const s = time(n, players, battle);
  const ok = n !== 500 ? "" : s.cpu.p95 <= BUDGET_MS ? "pass" : "FAIL";
  rows.push(
    `| ${n} | ${players} | ${battle ? "10 clubs" : "no"} | ${fmt(s.cpu.p50)} | ${fmt(s.cpu.p95)} | ${fmt(s.cpu.max)} | ${fmt(s.wall.p50)} | ${(100 * s.pairedShare).toFixed(1)}% | ${ok} |`,
  );
}
const body = [
  "## Arena pairing waves (`bench/tournament`)",
  "",
  `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine()}; CPU busy in the 3 s before: ${busy.toFixed(0)}%. ${WAVES} waves per row (after 3 warm-up waves) of \`pairArena\` (packages/server/src/areas/tournaments/arenaPairing.ts) on generated mid-arena waiting lists: ranks spread over the standings, up to 11 games of colour history, a last opponent for 80%. The top ${ARENA_PAIRING.exactGroups} groups of ${ARENA_PAIRING.groupSize} are matched exactly (blossom), the rest greedily by rank. CPU: user + system time of this process over the wave; the wall time beside it is inflated by whatever else runs on the machine.`,
  "",
  `| waiting | in the arena | club battle | CPU p50 | CPU p95 | CPU max | wall p50 | players paired | budget: 500 waiting, CPU p95 ≤ ${BUDGET_MS} ms |`,
  "|---|---|---|---|---|---|---|---|---|",
  ...rows,
].join("\n");
console.log(body);
if (!process.argv.includes("--no-write")) {
  writeSection("tournament-pairing", body);
  console.log("written to bench/README.md");
}
