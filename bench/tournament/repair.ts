// bench/tournament/repair: how long a player whose arena game ends waits for the next one, and how long a move
// takes, on a real server (one node, embedded database, in a process of its own started from the sources with
// `npm start`'s Node flags); the players run in bot processes (bench/lib/arenaBots.mjs), so the figures are the
// server's. Every player follows the arena; each game is 1. e4 e5 and a resignation.
// --hold-ms N: White resigns a random 0.5 N to 1.5 N ms after Black's answer (games of some length, as a real
// arena's); 0 (the default): at once. --think-ms T: both players play throughout, a random legal move each
// 0.5 T to 1.5 T ms after the opponent's (White's first after the pairing), from random legal games made before
// the run, so every move of every game is timed
// (0, the default: the games stand still after an instant 1. e4 e5, and only those two plies are timed).
// --countdown-ms: the arena starts this long after it is made (every player joins during it, so its first wave
// pairs them all). --server PATH: another checkout's packages/server/src/cli.ts (the code before a change), named
// by --label. --profile DIR: the server's CPU profile (node --cpu-prof) there. --dump FILE: every timed move
// there, as [game:ply, sent at, ms]. --watchers N: N spectators (guests, in a process of their own) on the
// arena's page through the run, receiving its standings.
// Each run adds its row to its section of bench/README.md (--fresh: the earlier rows go; --no-write: none).
//   node --import tsx bench/tournament/repair.ts [--players 50] [--seconds 60] [--hold-ms 0] [--think-ms 0] [--bots 2]
import { execSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { Chess } from "chess.js";
import { cpuMs, forkBots, root, startServer } from "../lib/live.mjs";
import { cpuBusy, fmt, machine, readmePath, summarize, writeSection } from "../lib/report.mjs";

const option = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const arg = (name: string, fallback: number) => Number(option(name) ?? fallback);
const PLAYERS = arg("players", 50);
const SECONDS = arg("seconds", 60);
const HOLD_MS = arg("hold-ms", 0);
const THINK_MS = arg("think-ms", 0);
const WATCHERS = arg("watchers", 0);
const BOTS = arg("bots", 2);
const COUNTDOWN_MS = arg("countdown-ms", PLAYERS >= 500 ? 15_000 : 3_000);
const SERVER = option("server") ?? join(root, "packages/server/src/cli.ts");
const BUDGET_MS = 2_000;
const MOVE_BUDGET_MS = 25;

const head = execSync("git rev-parse --short HEAD", { cwd: root }).toString().trim();
const dirty = execSync("git status --porcelain packages", { cwd: root }).toString().trim() !== "";
const LABEL = option("label") ?? `${head}${dirty ? "+" : ""}`;

// What else runs on the machine, before this run adds its own work.
const busy = await cpuBusy();
const load = loadavg()[0] ?? 0;

const server = await startServer({
  main: SERVER,
  flags: ["--import", "tsx"],
  profileDir: option("profile"),
  env: {
    LOG_LEVEL: "warn",
    ENGINES_AT_START: "false",
    ARENA_COUNTDOWN_MS: String(COUNTDOWN_MS),
    ARENA_SCHEDULE: "false",
    SIGNUP_LIMIT_PER_IP: "100000",
    GUEST_SESSIONS_PER_IP: "100000",
    CONNECT_BURST_PER_IP: "100000",
    SOCKETS_PER_IP: "100000",
  },
});
const { all } = forkBots(BOTS);
// Spectators on the arena's page, in a process of their own: what they parse delays no player's updates.
const spectators = WATCHERS > 0 ? forkBots(1) : undefined;
const tag = `b${Date.now().toString(36).slice(-4)}_`;
const share = (i: number) => Math.floor(PLAYERS / BOTS) + (i < PLAYERS % BOTS ? 1 : 0);
await all("arenaSeats", "arenaSeated", (i) => ({
  url: server.url,
  tag,
  count: share(i),
  offset: Array.from({ length: i }, (_, k) => share(k)).reduce((a, b) => a + b, 0),
}));

async function post(path: string, body: unknown, cookie?: string) {
  const res = await fetch(server.url + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}
const organiser = `${tag}org`;
await post("/user/create", { username: organiser, email: `${organiser}@example.com`, password: "correct horse" });
const login = await post("/user/login", { username: organiser, password: "correct horse" });
const made = await post(
  "/tournaments",
  { baseTime: 1, increment: 0, durationMinutes: 60 },
  `sid=${login.sessionId as string}`,
);
const id = made.id as string;

// The games the thinking players follow: random legal games, made here once (chess.js takes ~0.4 ms a move,
// which in a bot process would delay every update it receives). A line ends at a mate or a draw, as its game.
const LINES = THINK_MS > 0 ? randomGames(48, 160) : [];
function randomGames(count: number, plies: number): Array<Array<[string, string, string?]>> {
  return Array.from({ length: count }, () => {
    const chess = new Chess();
    const line: Array<[string, string, string?]> = [];
    while (line.length < plies && !chess.isGameOver()) {
      const moves = chess.moves();
      const m = chess.move(moves[Math.floor(Math.random() * moves.length)] as string);
      line.push(m.promotion ? [m.from, m.to, m.promotion] : [m.from, m.to]);
    }
    return line;
  });
}

await spectators?.all("arenaWatch", "arenaWatching", () => ({ url: server.url, tournamentId: id, count: WATCHERS }));
const cpuAtStart = cpuMs(server.pid);
const joined = (await all("arenaJoin", "arenaJoined", () => ({
  tournamentId: id,
  holdMs: HOLD_MS,
  thinkMs: THINK_MS,
  lines: LINES,
}))) as Array<{
  retried: number;
}>;
const joinsRetried = joined.reduce((n, j) => n + j.retried, 0);
const joinedAfter = (cpuMs(server.pid) ?? 0) - (cpuAtStart ?? 0);
await new Promise((r) => setTimeout(r, SECONDS * 1000));
const cpuUsed = (cpuMs(server.pid) ?? 0) - (cpuAtStart ?? 0);
const results = (await all("arenaStop", "arenaDone")) as Array<{
  waits: number[];
  waitsAt: number[];
  sent: Array<[string, number]>;
  received: Array<[string, number]>;
  gameOvers: number;
  drops: Record<string, number>;
  delay: { p99: number; max: number };
}>;
const watched = ((await spectators?.all("arenaStop", "arenaDone")) ?? []) as Array<{
  watched: { standings: number; minGapMs: number | null };
}>;
await server.stop();
server.remove();

const sentAt = new Map(results.flatMap((r) => r.sent));
const latencies = results.flatMap((r) =>
  r.received.flatMap(([k, t]) => (sentAt.has(k) ? [t - (sentAt.get(k) ?? t)] : [])),
);
if (option("dump")) {
  const rows = results.flatMap((r) =>
    r.received.flatMap(([k, t]) => (sentAt.has(k) ? [[k, sentAt.get(k), t - (sentAt.get(k) ?? t)]] : [])),
  );
  writeFileSync(option("dump") as string, JSON.stringify(rows));
}
const waits = results.flatMap((r) => r.waits);
// The longest wait and the count per 5 s of the run, by when the wait began: whether the long ones come together.
const began = results.flatMap((r) => r.waitsAt.map((at, i) => [at, r.waits[i] ?? 0] as const));
const t0 = Math.min(...began.map(([at]) => at));
const buckets = new Map<number, number[]>();
for (const [at, w] of began)
  buckets.set(Math.floor((at - t0) / 5000), [...(buckets.get(Math.floor((at - t0) / 5000)) ?? []), w]);
console.log(
  [...buckets]
    .sort((a, b) => a[0] - b[0])
    .map(([k, ws]) => `${k * 5}s: ${ws.length} max ${Math.max(...ws)}`)
    .join(" | "),
);
console.log(
  `bots' event-loop delay p99 / max: ${results.map((r) => `${fmt(r.delay.p99)} / ${fmt(r.delay.max)}`).join(", ")}`,
);
// Standings per spectator per second of play, and the shortest gap between two to one spectator (≥ 1 s: at most
// once a second each).
const spectated = watched[0]?.watched;
const spectatorCell = spectated
  ? `${WATCHERS}: ${(spectated.standings / WATCHERS / SECONDS).toFixed(2)} a second each, min gap ${spectated.minGapMs === null ? "–" : fmt(spectated.minGapMs)}`
  : "none";
if (spectated) console.log(`spectators ${spectatorCell}`);
const games = results.reduce((n, r) => n + r.gameOvers, 0) / 2;
const s = summarize(waits);
const m = summarize(latencies);
const cpuPerGame = cpuUsed / Math.max(1, games);
const drops: Record<string, number> = {};
for (const r of results) for (const [why, n] of Object.entries(r.drops)) drops[why] = (drops[why] ?? 0) + n;
const dropped =
  Object.entries(drops)
    .map(([why, n]) => `${n} ${why}`)
    .join(", ") || "none";

const at = new Date().toISOString().slice(0, 16).replace("T", " ");
const row = `| ${at} | ${LABEL} | ${load.toFixed(1)} / ${busy.toFixed(0)}% | ${PLAYERS} | ${SECONDS} | ${games} | ${waits.length} | ${fmt(s.p50)} / ${fmt(s.p95)} / ${fmt(s.max)} | ${s.p95 <= BUDGET_MS ? "pass" : "FAIL"} | ${m.n} of ${sentAt.size} | ${fmt(m.p50)} / ${fmt(m.p99)} / ${fmt(m.max)} | ${m.p99 <= MOVE_BUDGET_MS ? "pass" : "FAIL"} | ${fmt(joinedAfter)}${joinsRetried ? ` (${joinsRetried} joins asked again)` : ""} | ${fmt(cpuPerGame)} | ${dropped} |${THINK_MS ? ` ${spectatorCell} |` : ""}`;
console.log(row);

const name = `tournament-repair${PLAYERS === 50 && HOLD_MS === 0 ? "" : `-${PLAYERS}-${HOLD_MS}`}${THINK_MS ? "-played" : ""}`;
const header = `| run (UTC) | code | load 1 min / CPU busy before | players | seconds | games ended | re-pairings | wait p50 / p95 / max | wait budget p95 ≤ ${BUDGET_MS} ms | moves timed of sent | move p50 / p99 / max | move budget p99 ≤ ${MOVE_BUDGET_MS} ms | server CPU for the joins | server CPU per game ended | sockets dropped |${THINK_MS ? " spectators on the page: standings each |" : ""}`;
const earlier = () => {
  const text = readFileSync(readmePath, "utf8");
  const start = text.indexOf(`<!-- ${name}:start -->`);
  const end = text.indexOf(`<!-- ${name}:end -->`);
  if (start < 0 || end < start || process.argv.includes("--fresh")) return [];
  const lines = text.slice(start, end).split("\n");
  const h = lines.indexOf(header);
  return h < 0 ? [] : lines.slice(h + 2).filter((l) => l.startsWith("| "));
};
const gamesText =
  THINK_MS > 0
    ? `every game is played by both players throughout (each move ${THINK_MS / 2000}-${(1.5 * THINK_MS) / 1000} s after the opponent's, White's first after the pairing, from one of 48 random legal games made before the run, so that a bot computes nothing per move) until White resigns ${HOLD_MS / 2000}-${(1.5 * HOLD_MS) / 1000} s after the second ply (sooner at a mate or a draw), so every move of every game is timed; as the web client, a player is on the arena's page until their first game and on the game's page after (\`followArena\` with \`pairingOnly\`: paired, no standings)${WATCHERS ? `; ${WATCHERS} spectators (guests, in a bot process of their own) have the arena's page open through the run` : ""}`
    : `every game is 1. e4 e5 and a resignation${HOLD_MS === 0 ? ", so games end all the time" : ` ${HOLD_MS / 2000}-${(1.5 * HOLD_MS) / 1000} s later`}`;
const body = [
  "## Arena re-pairing and moves on a live server (`bench/tournament/repair.ts`)",
  "",
  `\`node --import tsx bench/tournament/repair.ts --players ${PLAYERS} --hold-ms ${HOLD_MS}${THINK_MS ? ` --think-ms ${THINK_MS}` : ""}${WATCHERS ? ` --watchers ${WATCHERS}` : ""} --seconds ${SECONDS}\` on ${machine()}. One node, embedded PGlite, in a process of its own (\`npm start\`'s Node flags, the sources through tsx); ${PLAYERS} players in ${BOTS} bot processes (bench/lib/arenaBots.mjs) follow one 1+0 arena and join it during its ${COUNTDOWN_MS / 1000} s countdown, so that its first wave pairs them all; ${gamesText}. Wait: from a player's \`gameOver\` to their next \`arenaPaired\` (the odd player out waits for the next game to end, as on lichess). Move: from its player's emit to the opponent's \`update\` (a move not answered by the end is not timed). Load: the 1-minute load average and the CPU busy in the 3 s before the server started (other helpers share the 2 cores); the server's CPU from /proc. "code": the commit (+: with changes not committed), or the label of the other checkout run with \`--server\`. Sockets dropped: by the server when a pong is 5 s late (a busy machine); they reconnect and follow the arena again.`,
  "",
  header,
  `|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|${THINK_MS ? "---|" : ""}`,
  ...earlier(),
  row,
].join("\n");
if (!process.argv.includes("--no-write")) {
  writeSection(name, body);
  console.log("written to bench/README.md");
}
process.exit(0);
