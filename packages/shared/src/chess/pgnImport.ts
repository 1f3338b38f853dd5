import { Board, START_FEN } from "./board.ts";

/**
 * Reading PGN files for import (lichess's /paste): one game or many, tags, main line and variations (as a
 * tree of SAN moves, the analysis board's saved tree) with the comment after each move; NAGs are skipped.
 * Standard chess and Chess960 (a Variant tag, or a FEN naming rook files). Errors are values that name the line
 * they were found on. Pure.
 */

/** The limits of one import: the text's size, the games in it, the moves of a game. */
export const PGN_LIMITS = {
  chars: 1_000_000,
  games: 100,
  plies: 600,
  /** A game's tree, its own moves and its variations' (the saved tree's limits, MAX_TREE_NODES). */
  treeMoves: 2_000,
  /** Moves played from one position, the game's and its variations'. */
  branches: 64,
  /** Characters kept of one comment. */
  comment: 500,
} as const;

/** A move of a game's tree: SAN, the comment after it, and the moves after it, the game's own continuation first. */
export interface PgnTreeNode {
  s: string;
  c?: PgnTreeNode[];
  /** The PGN's comment after the move, as text ("{Best is Nf3}" → "Best is Nf3"). */
  m?: string;
}

export type PgnImportResult = "1-0" | "0-1" | "1/2-1/2" | "*";

/** One game of a PGN file, read. */
export interface PgnImportGame {
  /** The line (1-based) of the file where the game starts. */
  line: number;
  /** The game's own text in the file. */
  text: string;
  tags: Record<string, string>;
  /** The position the moves start from, as the server's Board writes it (Chess960 castling as rook files). */
  initialFen: string;
  chess960: boolean;
  sans: string[];
  /** The same moves as UCI (a Chess960 castle as king takes rook). */
  uci: string[];
  result: PgnImportResult;
  /** The game's moves with its variations and comments, when it has any (else empty): the analysis board's tree. */
  tree: PgnTreeNode[];
  /** The comment before the first move ("{King's Gambit, a classic} 1. e4"): the game's opening comment. */
  comment?: string;
  /** Why the game cannot be imported, naming its line; the moves before it are kept. */
  error?: string;
}

export type PgnRead = { ok: true; games: PgnImportGame[] } | { ok: false; error: string };

type Token =
  | { kind: "tag"; name: string; value: string; line: number; start: number; end: number }
  | { kind: "open" | "close"; line: number; start: number; end: number }
  | { kind: "result"; value: PgnImportResult; line: number; start: number; end: number }
  | { kind: "move"; text: string; line: number; start: number; end: number }
  | { kind: "comment"; text: string; line: number; start: number; end: number };

const TAG = /^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]/;
const RESULTS = new Set(["1-0", "0-1", "1/2-1/2", "*"]);

/**
 * A comment as shown: lichess's commands (`[%eval 0.3]`, `[%clk 0:05:00]`) dropped, spaces collapsed, cut to
 * PGN_LIMITS.comment; empty when nothing is left.
 */
function commentText(raw: string): string {
  return raw
    .replace(/\[%[^\]]*\]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, PGN_LIMITS.comment);
}

/** Two comments in a row read as one. */
const joined = (before: string | undefined, text: string): string =>
  before ? `${before} ${text}`.slice(0, PGN_LIMITS.comment) : text;

/** The file's tokens, or the first syntax error. */
function tokenize(text: string): { ok: true; tokens: Token[] } | { ok: false; error: string } {
  const tokens: Token[] = [];
  let line = 1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i] as string;
    if (c === "\n") {
      line += 1;
      i += 1;
    } else if (c === " " || c === "\t" || c === "\r" || c === "\f" || c === "\v" || c === "\uFEFF") {
      i += 1;
    } else if (c === "%" && (i === 0 || text[i - 1] === "\n")) {
      while (i < n && text[i] !== "\n") i += 1;
    } else if (c === ";") {
      while (i < n && text[i] !== "\n") i += 1;
    } else if (c === "{") {
      const from = line;
      const close = text.indexOf("}", i);
      if (close < 0) return { ok: false, error: `Unclosed comment from line ${from}` };
      for (let k = i; k < close; k++) if (text[k] === "\n") line += 1;
      const said = commentText(text.slice(i + 1, close));
      if (said) tokens.push({ kind: "comment", text: said, line: from, start: i, end: close + 1 });
      i = close + 1;
    } else if (c === "[") {
      const end = text.indexOf("\n", i);
      const rest = text.slice(i, end < 0 ? n : end);
      const m = TAG.exec(rest);
      if (!m) return { ok: false, error: `Invalid PGN tag on line ${line}: ${rest.trim().slice(0, 60)}` };
      const value = (m[2] as string).replace(/\\(.)/g, "$1");
      tokens.push({ kind: "tag", name: m[1] as string, value, line, start: i, end: i + m[0].length });
      i += m[0].length;
    } else if (c === "(" || c === ")") {
      tokens.push({ kind: c === "(" ? "open" : "close", line, start: i, end: i + 1 });
      i += 1;
    } else {
      let j = i;
      while (j < n && !/[\s(){}[\];]/.test(text[j] as string)) j += 1;
      const word = text.slice(i, j);
      const start = i;
      i = j;
      if (RESULTS.has(word)) {
        tokens.push({ kind: "result", value: word as PgnImportResult, line, start, end: j });
        continue;
      }
      // "12.", "12...", "12.e4", "$1", "!?", "e.p.": numbers, NAGs and notes around the moves.
      const move = word.replace(/^\d+\.+/, "").replace(/^\.+/, "");
      if (move === "" || /^\$\d+$/.test(move) || /^[!?]+$/.test(move) || move === "e.p.") continue;
      tokens.push({ kind: "move", text: move, line, start, end: j });
    }
  }
  return { ok: true, tokens };
}

const SAN = /^([NBRQK])?([a-h])?([1-8])?x?([a-h][1-8])(?:=?([NBRQnbrq]))?$/;

/**
 * `text` played on `board` as SAN, leniently as other sites and hands write it: annotations and check signs
 * dropped, "0-0" for "O-O", extra disambiguation, a promotion without "=", and UCI too. Undefined: illegal.
 */
function playLenient(board: Board, text: string): { san: string; uci: string } | undefined {
  const clean = text.replace(/[+#!?]+$/, "").replace(/e\.p\.$/, "");
  const strict = board.playSan(clean);
  if (strict) return { san: strict.san, uci: `${strict.from}${strict.to}${strict.promotion ?? ""}` };
  const uci = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/.exec(clean);
  if (uci) {
    const san = board.play({ from: uci[1] as string, to: uci[2] as string, promotion: uci[3] });
    return san === undefined ? undefined : { san, uci: board.lastMove() ?? clean };
  }
  const m = SAN.exec(clean);
  if (!m) return undefined;
  const [, piece = "P", file, rank, to, promo] = m;
  const candidates = board.legalMoves().filter((u) => {
    const type = board.pieceAt(u.slice(0, 2))?.type;
    return (
      type === piece.toLowerCase() &&
      u.slice(2, 4) === to &&
      (!file || u[0] === file) &&
      (!rank || u[1] === rank) &&
      (u[4] ?? "") === (promo ?? "").toLowerCase()
    );
  });
  if (candidates.length !== 1) return undefined;
  const chosen = candidates[0] as string;
  const san = board.play({ from: chosen.slice(0, 2), to: chosen.slice(2, 4), promotion: chosen[4] });
  return san === undefined ? undefined : { san, uci: chosen };
}

/** A move's label for an error: "7... Nf9". */
function label(board: Board, text: string): string {
  const [, , , , , full] = board.fen().split(" ");
  return `${full}${board.turn() === "w" ? "." : "..."} ${text}`;
}

const VARIANTS_960 = new Set(["chess960", "chess 960", "fischerandom", "fischer random", "fischer random chess"]);

/** Where moves go at one depth: the position now and the list the next move joins, and the same before the last move. */
interface Level {
  board: Board;
  list: PgnTreeNode[];
  /** Before the last move at this depth: where a variation "(" starts. */
  before?: { board: Board; list: PgnTreeNode[] };
  /** The line of the "(" (a variation). */
  opened: number;
  /** The last move at this depth: a comment after it is its. */
  last?: PgnTreeNode;
  /** A comment before a variation's first move: kept with that move's own comment, as the tree has no other place. */
  lead?: string;
}

/**
 * The moves of a game: the main line into `game.sans` and `game.uci`, and every move, variations' too, into a
 * tree. A variation is an alternative to the move before its "(" (nested ones likewise); an illegal move in it
 * is an error naming its line, as in the main line.
 */
function readMoves(
  tokens: Token[],
  board: Board,
  game: PgnImportGame,
): { tree: PgnTreeNode[]; variations: boolean; comments: boolean; error?: string } {
  const tree: PgnTreeNode[] = [];
  const levels: Level[] = [{ board, list: tree, opened: 0 }];
  let nodes = 0;
  let variations = false;
  let comments = false;
  const fail = (error: string) => ({ tree, variations, comments, error });
  for (const t of tokens) {
    const level = levels.at(-1) as Level;
    if (t.kind === "open") {
      if (!level.before) return fail(`A variation before any move on line ${t.line}`);
      variations = true;
      levels.push({ board: level.before.board.clone(), list: level.before.list, opened: t.line });
    } else if (t.kind === "close") {
      if (levels.length === 1) return fail(`Unexpected ")" on line ${t.line}`);
      levels.pop();
    } else if (t.kind === "result" && levels.length === 1) {
      game.result = t.value;
    } else if (t.kind === "comment") {
      // After a move: that move's (two in a row are joined). Before the game's first move: the game's. Before a
      // variation's first move: that move's, ahead of what follows it.
      const node = level.last;
      if (node) {
        node.m = joined(node.m, t.text);
        comments = true;
      } else if (levels.length === 1) {
        game.comment = joined(game.comment, t.text);
      } else {
        level.lead = joined(level.lead, t.text);
      }
    } else if (t.kind === "move") {
      const main = levels.length === 1;
      if (main && game.sans.length >= PGN_LIMITS.plies) {
        return fail(`A game may have at most ${PGN_LIMITS.plies} moves (line ${t.line})`);
      }
      const before = level.board.clone();
      const shown = label(level.board, t.text);
      const played = playLenient(level.board, t.text);
      if (!played) return fail(`Invalid move in ${main ? "PGN" : "a variation"}: ${shown} (line ${t.line})`);
      if (main) {
        game.sans.push(played.san);
        game.uci.push(played.uci);
      }
      let node = level.list.find((n) => n.s === played.san);
      if (!node) {
        if (++nodes > PGN_LIMITS.treeMoves) {
          return fail(`A game and its variations may have at most ${PGN_LIMITS.treeMoves} moves (line ${t.line})`);
        }
        if (level.list.length >= PGN_LIMITS.branches) {
          return fail(`At most ${PGN_LIMITS.branches} moves from one position (line ${t.line})`);
        }
        node = { s: played.san };
        level.list.push(node);
      }
      if (level.lead) {
        node.m = node.m ? joined(level.lead, node.m) : level.lead;
        level.lead = undefined;
        comments = true;
      }
      level.before = { board: before, list: level.list };
      level.last = node;
      node.c ??= [];
      level.list = node.c;
    }
  }
  if (levels.length > 1) return fail(`Unclosed variation from line ${(levels[1] as Level).opened}`);
  const prune = (list: PgnTreeNode[]): void => {
    for (const n of list) {
      if (n.c && n.c.length === 0) delete n.c;
      else if (n.c) prune(n.c);
    }
  };
  prune(tree);
  return { tree, variations, comments };
}

/** One game's tokens read: its start, main line and result, or where it went wrong. */
function readGame(tokens: Token[], source: string): PgnImportGame {
  const first = tokens[0] as Token;
  const last = tokens.at(-1) as Token;
  const game: PgnImportGame = {
    line: first.line,
    text: source.slice(first.start, last.end),
    tags: {},
    initialFen: START_FEN,
    chess960: false,
    sans: [],
    uci: [],
    result: "*",
    tree: [],
  };
  for (const t of tokens) if (t.kind === "tag") game.tags[t.name] = t.value;
  const variant = (game.tags.Variant ?? "Standard").trim().toLowerCase();
  const is960 = VARIANTS_960.has(variant);
  if (!is960 && !["standard", "from position", "", "normal"].includes(variant)) {
    return { ...game, error: `Variant "${game.tags.Variant}" is not supported (line ${first.line})` };
  }
  let board: Board;
  try {
    const fen = game.tags.FEN?.trim();
    board = Board.fromFen(fen || START_FEN, is960 ? { chess960: true } : {});
  } catch (error) {
    const fenLine = tokens.find((t) => t.kind === "tag" && t.name === "FEN")?.line ?? first.line;
    const message = error instanceof Error ? error.message : "Invalid FEN";
    return { ...game, error: `${message} (line ${fenLine})` };
  }
  game.initialFen = board.fen();
  game.chess960 = board.chess960;
  const read = readMoves(tokens, board, game);
  if (read.error) return { ...game, error: read.error };
  if (read.variations || read.comments) game.tree = read.tree;
  const tagged = game.tags.Result;
  if (game.result === "*" && tagged && RESULTS.has(tagged)) game.result = tagged as PgnImportResult;
  return game;
}

/** The games of a PGN file: each read on its own (a bad one carries its error), or why the file cannot be. */
export function readPgn(text: string): PgnRead {
  if (text.length > PGN_LIMITS.chars) return { ok: false, error: "A PGN file may be at most 1 MB" };
  const read = tokenize(text);
  if (!read.ok) return read;
  // A game ends at its result; a tag after moves starts the next one.
  const groups: Token[][] = [];
  let current: Token[] = [];
  let moved = false;
  for (const t of read.tokens) {
    if ((t.kind === "tag" && moved) || (t.kind !== "tag" && current.at(-1)?.kind === "result")) {
      groups.push(current);
      current = [];
      moved = false;
    }
    current.push(t);
    if (t.kind !== "tag") moved = true;
  }
  if (current.length > 0) groups.push(current);
  const games = groups;
  if (games.length === 0) return { ok: false, error: "No game found in the PGN" };
  if (games.length > PGN_LIMITS.games) {
    return { ok: false, error: `A PGN file may hold at most ${PGN_LIMITS.games} games (this one has ${games.length})` };
  }
  return { ok: true, games: games.map((g) => readGame(g, text)) };
}

/** "alice vs bob · 1-0 · 34 moves", for a list of the games in a file. */
export function pgnGameTitle(game: PgnImportGame): string {
  const { White: white = "?", Black: black = "?" } = game.tags;
  const moves = Math.ceil(game.sans.length / 2);
  return `${white} vs ${black} · ${game.result} · ${moves} move${moves === 1 ? "" : "s"}`;
}
