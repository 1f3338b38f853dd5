// bench/analysis/lichessMarks: our move marks against lichess's, on games lichess annotated.
// Reads a directory of lichess-annotated games (PGN with ?! ? ?? glyphs, $6 $2 $4 NAGs or "Inaccuracy." words,
// [%eval] and "(0.17 → 1.51)" evals; or lichess's JSON game export with its `analysis` array), analyses each
// game exactly as the server does (the `analysis.game` job on an EnginePool of the server's engine, the same
// nodes, then judgeEntries) and prints, per game and in total: precision and recall of our marks against
// lichess's (same tier at the same ply; and "any mark"), |Δ Win%| of each position's eval against lichess's,
// the time per position, and the disagreements by cause.
// Searches are cached per (fen, nodes) in --cache (default /tmp/lichess-marks-cache), so a change to the
// judgement alone re-runs in seconds; --no-cache searches everything again (and times it).
// Every third game (sorted by file name, the 3rd, 6th, ...) is held out: tune on the rest, report both.
//   node --import tsx bench/analysis/lichessMarks.ts /work/lichess-annotated [--nodes N] [--no-cache]
//        [--engines N] [--cache DIR] [--games a,b] [--quiet]
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import {
  type AnalysisEntry,
  FIRST_MOVE_BEFORE_CP,
  type Judgement,
  judgeEntries,
  judgeScores,
  type Score,
  winPercent,
} from "@chess/shared";
import { Chess } from "chess.js";
import { createAnalysisJobs } from "../../packages/server/src/areas/analysis/analysisJobs.ts";
import type { AnalysisRepo } from "../../packages/server/src/areas/analysis/analysisRepo.ts";
import { EnginePool, findEngine } from "../../packages/server/src/areas/analysis/engine/enginePool.ts";
import type { PositionResult } from "../../packages/server/src/areas/analysis/engine/uciEngine.ts";
import { loadConfig } from "../../packages/server/src/config.ts";

const argv = process.argv.slice(2);
const opt = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const dir = argv.find((a, i) => !a.startsWith("--") && !argv[i - 1]?.startsWith("--")) ?? "/work/lichess-annotated";
const NODES = Number(opt("nodes") ?? loadConfig({}).analysisNodes);
const ENGINES = Number(opt("engines") ?? availableParallelism());
const CACHE = argv.includes("--no-cache") ? undefined : (opt("cache") ?? "/tmp/lichess-marks-cache");
const ONLY = opt("games")?.split(",");
const QUIET = argv.includes("--quiet");
/** Our centipawns times this before judging (what a calibration of our engine's scale would do). */
const SCALE = Number(opt("scale") ?? 1);
/** Per move: our eval and mark beside lichess's. */
const VERBOSE = argv.includes("--verbose");

const TIER: Record<string, Judgement> = {
  "?!": "inaccuracy",
  "?": "mistake",
  "??": "blunder",
  $6: "inaccuracy",
  $2: "mistake",
  $4: "blunder",
};
const WORD = /\b(Inaccuracy|Mistake|Blunder)\./;

interface LichessGame {
  name: string;
  /** UCI moves from the start position. */
  uci: string[];
  fens: string[];
  /** lichess's mark of move i (from position i to i + 1); undefined: not marked. */
  marks: Array<Judgement | undefined>;
  /** lichess's eval of position i (White's view), where it gave one. */
  evals: Array<Score | undefined>;
}

const toScore = (text: string): Score | undefined => {
  const t = text.trim();
  const mate = /^#(-?\d+)$/.exec(t);
  if (mate) return { mate: Number(mate[1]) };
  const n = Number(t);
  return Number.isFinite(n) ? { cp: Math.round(n * 100) } : undefined;
};

/** The literate "(a → b)" pair: a mate's side is not written, but the verdict's words give it. */
function literate(comment: string, mover: "w" | "b"): { before?: Score; after?: Score } {
  const m = /\(([^()→]+?) → ([^()→]+?)\)/.exec(comment);
  if (!m) return {};
  const sign = mover === "w" ? 1 : -1;
  const side = (text: string, forMover: boolean | undefined): Score | undefined => {
    const mate = /Mate in (\d+)/.exec(text);
    if (!mate) return toScore(text);
    if (forMover === undefined) return undefined;
    return { mate: (forMover ? sign : -sign) * Number(mate[1]) };
  };
  const lost = comment.includes("Lost forced checkmate");
  const unavoidable = comment.includes("Checkmate is now unavoidable");
  const notBest = comment.includes("Not the best checkmate");
  return {
    before: side(m[1] as string, lost || notBest ? true : undefined),
    after: side(m[2] as string, unavoidable ? false : notBest ? true : undefined),
  };
}

function replay(name: string, sans: string[]): { uci: string[]; fens: string[] } {
  const chess = new Chess();
  const fens = [chess.fen()];
  const uci: string[] = [];
  for (const san of sans) {
    const m = chess.move(san);
    uci.push(m.lan);
    fens.push(chess.fen());
  }
  if (uci.length === 0) throw new Error(`${name}: no moves`);
  return { uci, fens };
}

/** One PGN game's movetext: SAN moves with their glyphs, NAGs and comments; variations are skipped. */
function parsePgn(name: string, text: string): LichessGame {
  const movetext = text.replace(/^\s*\[[^\]]*\]\s*$/gm, "");
  const moves: Array<{ san: string; glyph?: string; comments: string[] }> = [];
  let depth = 0;
  for (const tok of movetext.match(/\{[^}]*\}|\(|\)|\$\d+|[^\s(){}]+/g) ?? []) {
    if (tok === "(") depth++;
    else if (tok === ")") depth--;
    else if (depth > 0) continue;
    else if (tok.startsWith("{")) moves.at(-1)?.comments.push(tok.slice(1, -1));
    else if (tok.startsWith("$")) {
      const last = moves.at(-1);
      if (last && TIER[tok]) last.glyph = tok;
    } else if (/^\d+\.+$/.test(tok) || /^(1-0|0-1|1\/2-1\/2|\*)$/.test(tok)) continue;
    else {
      const m = /^(\d+\.+)?([^?!]+)([?!]*)$/.exec(tok);
      if (!m?.[2]) continue;
      moves.push({
        san: (m[2] as string).replace(/^0-0-0/, "O-O-O").replace(/^0-0/, "O-O"),
        glyph: m[3] || undefined,
        comments: [],
      });
    }
  }
  const { uci, fens } = replay(
    name,
    moves.map((m) => m.san),
  );
  const evals: Array<Score | undefined> = fens.map(() => undefined);
  const marks: Array<Judgement | undefined> = moves.map(() => undefined);
  moves.forEach((m, i) => {
    const all = m.comments.join(" ");
    const mover = i % 2 === 0 ? "w" : "b";
    const word = WORD.exec(all)?.[1];
    const lit = literate(all, mover);
    marks[i] =
      (m.glyph ? TIER[m.glyph] : undefined) ??
      (word ? (word.toLowerCase() as Judgement) : undefined) ??
      // A mate verdict written without a glyph: its tier by lichess's rule on lichess's own evals.
      (/Checkmate is now unavoidable|Lost forced checkmate/.test(all) && lit.before && lit.after
        ? (judgeScores(lit.before, lit.after, mover) ?? undefined)
        : undefined);
    const ev = /\[%eval ([^\]\s]+)/.exec(all);
    const after = ev ? toScore(ev[1] as string) : lit.after;
    if (after) evals[i + 1] = after;
    if (lit.before && !evals[i]) evals[i] = lit.before;
  });
  return { name, uci, fens, marks, evals };
}

/** lichess's JSON export: `moves` in SAN, `analysis[i]` the eval after move i and its `judgment`. */
function parseJson(name: string, text: string): LichessGame {
  const g = JSON.parse(text) as {
    variant?: string;
    moves: string;
    analysis: Array<{ eval?: number; mate?: number; judgment?: { name: string } }>;
  };
  if (g.variant && g.variant !== "standard") throw new Error(`${name}: variant ${g.variant}`);
  const { uci, fens } = replay(name, g.moves.split(" ").filter(Boolean));
  const evals: Array<Score | undefined> = fens.map(() => undefined);
  const marks: Array<Judgement | undefined> = uci.map(() => undefined);
  g.analysis.forEach((a, i) => {
    if (a.mate !== undefined) evals[i + 1] = { mate: a.mate };
    else if (a.eval !== undefined) evals[i + 1] = { cp: a.eval };
    const tier = a.judgment?.name.toLowerCase();
    if (tier === "inaccuracy" || tier === "mistake" || tier === "blunder") marks[i] = tier;
  });
  return { name, uci, fens, marks, evals };
}

function loadGames(): LichessGame[] {
  const files = readdirSync(dir)
    .filter((f) => /\.(pgn|json)$/.test(f))
    .sort();
  const games: LichessGame[] = [];
  const seen = new Set<string>();
  for (const f of files) {
    const text = readFileSync(join(dir, f), "utf8");
    const parts = f.endsWith(".json")
      ? [text]
      : text.split(/\n(?=\[Event )/).filter((p) => /\d\./.test(p.replace(/^\s*\[[^\]]*\]\s*$/gm, "")));
    parts.forEach((part, k) => {
      const name = parts.length > 1 ? `${f}#${k + 1}` : f;
      const game = f.endsWith(".json") ? parseJson(name, part) : parsePgn(name, part);
      const key = game.uci.join(" ");
      if (seen.has(key)) return;
      seen.add(key);
      games.push(game);
    });
  }
  return ONLY ? games.filter((g) => ONLY.some((o) => g.name.includes(o))) : games;
}

/** The server's pool, behind a disk cache of its plain searches. */
function cachedPool(pool: EnginePool, stats: { searched: number; cached: number; depths: number[] }): EnginePool {
  if (CACHE) mkdirSync(CACHE, { recursive: true });
  // The default engine keeps the plain key, so caches stay valid; another build is part of the key.
  const engine = process.env.STOCKFISH_PATH ? `${process.env.STOCKFISH_PATH} ` : "";
  const file = (fen: string, nodes: number) =>
    join(CACHE as string, `${createHash("sha1").update(`${engine}${nodes} ${fen}`).digest("hex")}.json`);
  return new Proxy(pool, {
    get(target, prop, receiver) {
      if (prop === "analyse") {
        return async (fen: string, nodes: number, opts: Parameters<EnginePool["analyse"]>[2]) => {
          const path = CACHE ? file(fen, nodes) : undefined;
          if (path && existsSync(path)) {
            stats.cached++;
            const r = JSON.parse(readFileSync(path, "utf8")) as PositionResult;
            stats.depths.push(r.depth);
            return r;
          }
          const r = await target.analyse(fen, nodes, opts);
          stats.depths.push(r.depth);
          stats.searched++;
          if (path) writeFileSync(path, JSON.stringify(r));
          return r;
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const memoryRepo = (): AnalysisRepo =>
  ({
    get: async () => undefined,
    save: async () => {},
  }) as unknown as AnalysisRepo;

const scoreOfEntry = (e: AnalysisEntry): Score =>
  typeof e.eval === "number" ? { cp: e.eval } : { mate: Number(String(e.eval).slice(1)) };

const CHANCE_EDGES = [0.1, 0.2, 0.3];

/**
 * Whether lichess marked this game by its rule before lila PR 11148 (2022): winning chances with −0.004 per
 * centipawn, not −0.00368208. Some of its marks disagree with its own evals under today's rule and agree
 * under the old one. Such games cannot be matched by today's rule however good our evals are.
 */
function oldRuleGame(g: LichessGame): boolean {
  const old = (s: Score) => ("mate" in s ? undefined : 2 / (1 + Math.exp(-0.004 * s.cp)) - 1);
  return g.marks.some((theirs, i) => {
    const eb = i === 0 ? { cp: FIRST_MOVE_BEFORE_CP } : g.evals[i];
    const ea = g.evals[i + 1];
    if (!theirs || !eb || !ea) return false;
    const sign = i % 2 === 0 ? 1 : -1;
    const cb = old(eb);
    const ca = old(ea);
    if (cb === undefined || ca === undefined) return false;
    const drop = sign * (cb - ca);
    const byOld = drop >= 0.3 ? "blunder" : drop >= 0.2 ? "mistake" : drop >= 0.1 ? "inaccuracy" : undefined;
    return (judgeScores(eb, ea, sign === 1 ? "w" : "b") ?? undefined) !== theirs && byOld === theirs;
  });
}
const chances = (s: Score) => ("mate" in s ? null : 2 / (1 + Math.exp(-0.00368208 * s.cp)) - 1);

interface Tally {
  games: number;
  ours: number;
  theirs: number;
  same: number;
  any: number;
  deltas: number[];
  /** |our Win% − 50| − |lichess's − 50|: negative when our evals are milder than lichess's. */
  extremity: number[];
  positions: number;
  causes: Map<string, number>;
  selfInconsistent: number;
  selfChecked: number;
}
const tally = (): Tally => ({
  games: 0,
  ours: 0,
  theirs: 0,
  same: 0,
  any: 0,
  deltas: [],
  extremity: [],
  positions: 0,
  causes: new Map(),
  selfInconsistent: 0,
  selfChecked: 0,
});

function pct(xs: number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] as number;
}

/** Why our verdict at move i differs from lichess's (the first cause that applies). */
function cause(g: LichessGame, ours: AnalysisEntry[], i: number): string {
  const before = ours[i] as AnalysisEntry;
  const after = ours[i + 1] as AnalysisEntry;
  const mover = before.turn;
  const theirs = g.marks[i];
  const mine = after.judgement ?? undefined;
  const anyMate = (s: Score | undefined) => s !== undefined && "mate" in s;
  if ([scoreOfEntry(before), scoreOfEntry(after), g.evals[i], g.evals[i + 1]].some(anyMate))
    return "mate score involved";
  const scoresVerdict = judgeScores(scoreOfEntry(before), scoreOfEntry(after), mover) ?? undefined;
  if (!mine && scoresVerdict && before.moves[0] === g.uci[i]) {
    return scoresVerdict === theirs
      ? "first-choice rule: our best = played (drop says lichess's tier)"
      : "first-choice rule: our best = played";
  }
  const dWin = (k: number) => {
    const e = g.evals[k];
    return e ? Math.abs(winPercent(e) - winPercent(scoreOfEntry(ours[k] as AnalysisEntry))) : undefined;
  };
  const d = Math.max(dWin(i) ?? 0, dWin(i + 1) ?? 0);
  const lichessVerdict =
    g.evals[i] && g.evals[i + 1]
      ? (judgeScores(g.evals[i] as Score, g.evals[i + 1] as Score, mover) ?? undefined)
      : undefined;
  if (g.evals[i] && g.evals[i + 1] && lichessVerdict !== theirs && !theirs)
    return "lichess's evals would mark (its best = played?)";
  const cb = chances(scoreOfEntry(before));
  const ca = chances(scoreOfEntry(after));
  const drop = cb !== null && ca !== null ? (mover === "w" ? 1 : -1) * (cb - ca) : undefined;
  const nearEdge = drop !== undefined && CHANCE_EDGES.some((e) => Math.abs(drop - e) < 0.03);
  if (d > 5) return "eval differs > 5 Win%";
  if (nearEdge) return "drop within 0.03 of a threshold";
  if (d > 2.5) return "eval differs 2.5-5 Win%";
  return g.evals[i] && g.evals[i + 1] ? "other (evals close)" : "other (lichess evals unknown)";
}

function compare(g: LichessGame, ours: AnalysisEntry[], t: Tally) {
  t.games++;
  for (let i = 0; i < g.uci.length; i++) {
    const theirs = g.marks[i];
    const mine = ours[i + 1]?.judgement ?? undefined;
    if (mine) t.ours++;
    if (theirs) t.theirs++;
    if (mine && theirs) t.any++;
    if (mine && theirs === mine) t.same++;
    else if (mine || theirs) {
      const c = `${cause(g, ours, i)}`;
      const kind = mine && theirs ? "tier differs" : mine ? "only ours" : "only lichess's";
      const key = `${kind}: ${c}`;
      t.causes.set(key, (t.causes.get(key) ?? 0) + 1);
    }
    const eb = g.evals[i];
    const ea = g.evals[i + 1];
    if (theirs && eb && ea) {
      t.selfChecked++;
      const rule = judgeScores(i === 0 ? { cp: FIRST_MOVE_BEFORE_CP } : eb, ea, i % 2 === 0 ? "w" : "b") ?? undefined;
      if (rule !== theirs) {
        t.selfInconsistent++;
        if (argv.includes("--self"))
          console.log(
            `  self: ${g.name} move ${i + 1} ${JSON.stringify(eb)} → ${JSON.stringify(ea)} lichess ${theirs}, rule ${rule}`,
          );
      }
    }
  }
  g.evals.forEach((e, k) => {
    const entry = ours[k];
    if (!e || !entry || (entry.moves.length === 0 && typeof entry.eval === "number" && Math.abs(entry.eval) >= 10_000))
      return;
    t.deltas.push(Math.abs(winPercent(e) - winPercent(scoreOfEntry(entry))));
    t.extremity.push(Math.abs(winPercent(scoreOfEntry(entry)) - 50) - Math.abs(winPercent(e) - 50));
  });
  t.positions += g.fens.length;
}

function line(label: string, t: Tally) {
  const p = t.ours ? t.same / t.ours : Number.NaN;
  const r = t.theirs ? t.same / t.theirs : Number.NaN;
  const pa = t.ours ? t.any / t.ours : Number.NaN;
  const ra = t.theirs ? t.any / t.theirs : Number.NaN;
  return `${label.padEnd(34)} ${String(t.games).padStart(3)} ${String(t.theirs).padStart(5)} ${String(t.ours).padStart(5)}  ${p.toFixed(2)}  ${r.toFixed(2)}   ${pa.toFixed(2)}  ${ra.toFixed(2)}   ${pct(t.deltas, 50).toFixed(2).padStart(5)} ${pct(t.deltas, 90).toFixed(2).padStart(5)} ${(t.extremity.reduce((a, b) => a + b, 0) / t.extremity.length).toFixed(2).padStart(6)}`;
}
const HEADER = `${"game".padEnd(34)} ${"n".padStart(3)} ${"lich".padStart(5)} ${"ours".padStart(5)}  prec  rec    any-p any-r  |ΔW|50  p90  milder`;

async function main() {
  const games = loadGames();
  const base = new EnginePool(findEngine(process.env.STOCKFISH_PATH), {
    size: ENGINES,
    queueLimit: 100_000,
    logger: { warn: (o: unknown, m: string) => console.error(m, o) } as never,
    niceness: Number(opt("nice") ?? 10),
  });
  await base.warm();
  const stats = { searched: 0, cached: 0, depths: [] as number[] };
  const pool = cachedPool(base, stats);
  const jobs = createAnalysisJobs({ repo: memoryRepo(), pool });
  const tune = tally();
  const held = tally();
  const current = tally();
  let oldRule = 0;
  let searchedMs = 0;
  let searchedPositions = 0;
  if (!QUIET) console.log(HEADER);
  for (const [k, g] of games.entries()) {
    const before = stats.searched;
    const t0 = performance.now();
    const entries = await jobs["analysis.game"](
      { gameId: g.name, initialFen: g.fens[0] as string, uciMoves: g.uci, nodes: NODES },
      { progress: () => {}, signal: new AbortController().signal },
    );
    const ms = performance.now() - t0;
    if (stats.searched - before >= g.fens.length - 2) {
      searchedMs += ms;
      searchedPositions += g.fens.length;
    }
    const scaled = entries.map((e) =>
      typeof e.eval === "number" && Math.abs(e.eval) < 10_000 ? { ...e, eval: Math.round(e.eval * SCALE) } : e,
    );
    const judged = judgeEntries(scaled, g.uci);
    const one = tally();
    compare(g, judged, one);
    compare(g, judged, k % 3 === 2 ? held : tune);
    if (oldRuleGame(g)) oldRule++;
    else compare(g, judged, current);
    if (!QUIET) console.log(line(`${k % 3 === 2 ? "[h] " : ""}${g.name}`.slice(0, 34), one));
    if (VERBOSE) {
      const show = (s: Score | undefined) => (s ? ("mate" in s ? `#${s.mate}` : (s.cp / 100).toFixed(2)) : "");
      g.uci.forEach((m, i) => {
        const e = judged[i + 1] as AnalysisEntry;
        const best = (judged[i] as AnalysisEntry).moves[0];
        console.log(
          `  ${String(i + 1).padStart(3)} ${m.padEnd(6)} ours ${show(scoreOfEntry(e)).padStart(7)} ${(e.judgement ?? "").padEnd(10)} lichess ${show(g.evals[i + 1]).padStart(7)} ${(g.marks[i] ?? "").padEnd(10)} ${best === m ? "(our best)" : ""}`,
        );
      });
    }
  }
  base.close();
  const all = tally();
  for (const t of [tune, held]) {
    for (const key of [
      "games",
      "ours",
      "theirs",
      "same",
      "any",
      "positions",
      "selfInconsistent",
      "selfChecked",
    ] as const)
      all[key] += t[key];
    all.deltas.push(...t.deltas);
    all.extremity.push(...t.extremity);
    for (const [c, n] of t.causes) all.causes.set(c, (all.causes.get(c) ?? 0) + n);
  }
  console.log(`\nnodes ${NODES}, ${ENGINES} engines (${base.command.kind}); ${dir}`);
  console.log(HEADER);
  console.log(line("tuning games", tune));
  console.log(line("held-out games (every 3rd)", held));
  console.log(line("all", all));
  console.log(line(`games not on lichess's pre-2022 rule`, current));
  console.log(`(${oldRule} games whose marks follow lichess's rule before 2022, −0.004/cp, are left out of that line)`);
  console.log(
    `\npositions compared for Win%: ${all.deltas.length}; lichess marks consistent with lichess's own evals: ${all.selfChecked - all.selfInconsistent}/${all.selfChecked}`,
  );
  console.log(
    searchedPositions
      ? `time per position (games searched uncached): ${(searchedMs / searchedPositions).toFixed(0)} ms over ${searchedPositions} positions; 81 positions → ${((81 * searchedMs) / searchedPositions / 1000).toFixed(1)} s`
      : `all searches from the cache (${stats.cached}); --no-cache to time them`,
  );
  console.log(`mean search depth ${(stats.depths.reduce((a, b) => a + b, 0) / stats.depths.length).toFixed(2)}`);
  console.log("\ndisagreements by cause (all games):");
  for (const [c, n] of [...all.causes].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(4)}  ${c}`);
  process.exit(0);
}

await main();
