// bench/daily/moveCost: what one daily move costs the server, on embedded PGlite stored on disk (as a node runs
// it): the requests it sends the database thread, and the CPU it takes on the server's thread and on the
// database's. The daily area's service and repo in this process, moves one after another (nothing else runs), so
// the figures are per move; the notifier is a no-op (Socket.IO's share is not counted).
//   node --import tsx bench/daily/moveCost.ts [--games 3000] [--moves 1000] [--plies 0] [--rounds 3]
// --plies N: every game has N plies played already (a deterministic legal line), as games in progress have.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { Board } from "@chess/shared";
import pino from "pino";
import type { DailyNotifier } from "../../packages/server/src/areas/daily/dailyNotifier.ts";
import { createDailyRepo } from "../../packages/server/src/areas/daily/dailyRepo.ts";
import { createDailyService } from "../../packages/server/src/areas/daily/dailyService.ts";
import { createDailyVacations } from "../../packages/server/src/areas/daily/dailyVacations.ts";
import type { GameFinisher } from "../../packages/server/src/areas/games/index.ts";
import { openDatabase } from "../../packages/server/src/storage/db.ts";
import { fmt, machine, summarize } from "../lib/report.mjs";
import { type SeedPly, START, seedDaily } from "./seed.ts";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const MOVES = arg("moves", 1000);
const ROUNDS = arg("rounds", 3);
const WARMUP = 50;
const GAMES = arg("games", Math.max(3000, (MOVES + WARMUP) * ROUNDS + WARMUP));
const PLAYERS = Math.min(arg("players", 2000), GAMES);
const PLIES = arg("plies", 0);

/** A legal line of `plies` plies from the start that ends nothing, White to move after it (plies is even). */
function line(plies: number): SeedPly[] {
  const board = Board.fromFen(START);
  const out: SeedPly[] = [];
  for (let i = 0; i < plies; i++) {
    const legal = board.legalMoves().sort();
    const pick = legal.find((uci, k) => k >= (i * 7 + 3) % legal.length && !ends(board, uci)) ?? legal[0];
    const uci = pick as string;
    const san = board.play({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] }) as string;
    out.push({ san, uci, fen: board.fen() });
  }
  return out;
}
function ends(board: Board, uci: string): boolean {
  const b = board.clone();
  b.play({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
  return b.end() !== undefined;
}

const seeded = line(PLIES - (PLIES % 2));
const after = Board.fromFen(START);
for (const p of seeded) after.play({ from: p.uci.slice(0, 2), to: p.uci.slice(2, 4), promotion: p.uci[4] });
const move = after
  .legalMoves()
  .sort()
  .find((uci) => !ends(after, uci)) as string;

const dir = mkdtempSync(join(tmpdir(), "bench-daily-cost-"));
const database = await openDatabase({ pgliteDir: join(dir, "db") });
const now = Date.now();
await seedDaily(database, { games: GAMES, players: PLAYERS, timeouts: 0, now, line: seeded });

// What the server sends the database thread, by kind; the thread's own busy time.
const client = (database.db as unknown as { $client: { send(r: { op: string }): Promise<unknown> } }).$client;
const requests = new Map<string, number>();
const send = client.send.bind(client);
client.send = (r) => {
  requests.set(r.op, (requests.get(r.op) ?? 0) + 1);
  return send(r);
};
const quiet: DailyNotifier = { toGame() {}, toUser() {}, toOfferFollowers() {}, offerAdded() {} };
const finisher = {
  finish: () => Promise.reject(new Error("no game ends in this bench")),
} as unknown as GameFinisher;
const repo = createDailyRepo(database.db);
const vacations = createDailyVacations({ repo, notify: quiet, now: Date.now });
const logger = pino({ level: "warn" });
const service = createDailyService({ repo, notify: quiet, finisher, vacations, now: Date.now, logger });

let next = 0;
async function play(count: number) {
  const waits: number[] = [];
  for (let k = 0; k < count; k++) {
    const g = next++;
    const t = performance.now();
    const r = await service.move(
      { userId: 1 + (g % PLAYERS), username: `dp${1 + (g % PLAYERS)}` },
      { gameId: `dg${g}`, move: { from: move.slice(0, 2), to: move.slice(2, 4) }, ply: seeded.length },
    );
    waits.push(performance.now() - t);
    if (!r.ok) throw new Error(`move refused in dg${g}: ${JSON.stringify(r)}`);
  }
  return waits;
}

/**
 * CPU time (ms) of this process's threads from the kernel's counters: the server's thread (the main one) and
 * the others (the database's thread, GC helpers, libuv's pool that syncs the disk).
 */
function threadCpu(): { main: number; others: number } {
  const out = { main: 0, others: 0 };
  for (const tid of readdirSync("/proc/self/task")) {
    let fields: string[];
    try {
      fields = (readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(") ")[1] as string).split(" ");
    } catch {
      continue; // a thread that ended meanwhile
    }
    const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    if (Number(tid) === process.pid) out.main += ms;
    else out.others += ms;
  }
  return out;
}
console.log(
  `daily move cost, PGlite on disk, ${machine()}; ${GAMES} games at ply ${seeded.length}, ${MOVES} moves a round, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log("| round | requests per move | CPU per move: server thread | other threads (database) | wait p50 / p99 |");
console.log("|---|---|---|---|---|");
await play(WARMUP);
for (let round = 1; round <= ROUNDS; round++) {
  requests.clear();
  const cpu0 = threadCpu();
  const waits = await play(MOVES);
  const cpu1 = threadCpu();
  const s = summarize(waits);
  const kinds = [...requests].map(([op, n]) => `${op} ${(n / MOVES).toFixed(2)}`).join(", ");
  console.log(
    `| ${round} | ${kinds} | ${fmt((cpu1.main - cpu0.main) / MOVES)} | ${fmt((cpu1.others - cpu0.others) / MOVES)} | ${fmt(s.p50)} / ${fmt(s.p99)} |`,
  );
  await play(WARMUP);
}
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
await database.close();
rmSync(dir, { recursive: true, force: true });
