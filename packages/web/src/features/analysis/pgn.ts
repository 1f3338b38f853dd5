import { DEFAULT_POSITION } from "chess.js";
import type { AnalysisGame } from "./analysisGame.ts";
import { moveNumberOf, turnOf } from "./analysisGame.ts";
import { isMatedEval } from "./evalDisplay.ts";

/** The game as a PGN file, with the engine's evals as `[%eval …]` comments when analysed. Pure. */

export interface PgnOptions {
  /** The Site tag, e.g. "https://chess.example/analysis?gameId=abc". */
  site: string;
  /** The eval of every position (index 0 the start, i after move i): the comment after move i. */
  evals?: ReadonlyArray<number | string>;
}

const MAX_LINE = 80;

/** Seven-tag roster first, then the rest (PGN standard §8.1). */
export function buildPgn(game: AnalysisGame, options: PgnOptions): string {
  const startFen = game.initialFen.trim() !== DEFAULT_POSITION;
  const tags: Array<[string, string]> = [
    ["Event", eventName(game)],
    ["Site", options.site],
    ["Date", pgnDate(game.startedAt)],
    ["Round", "-"],
    ["White", game.white ?? "?"],
    ["Black", game.black ?? "?"],
    ["Result", game.result],
    // "Chess960" is the tag value PGN readers (lichess, SCID) know for Fischer Random.
    ["Variant", game.variant === "fun" ? "Chess960" : startFen ? "From Position" : "Standard"],
  ];
  // PGN's "-" is a game without a time control.
  if (game.untimed) tags.push(["TimeControl", "-"]);
  else if (game.baseTime !== null && game.increment !== null) {
    tags.push(["TimeControl", `${Math.round(game.baseTime * 60)}+${game.increment}`]);
  }
  if (startFen) tags.push(["SetUp", "1"], ["FEN", game.initialFen.trim()]);
  const header = tags.map(([name, value]) => `[${name} "${escapeTag(value)}"]`).join("\n");
  return `${header}\n\n${wrap(movetext(game, options.evals))}\n`;
}

function movetext(game: AnalysisGame, evals: PgnOptions["evals"]): string[] {
  const tokens: string[] = [];
  let number = moveNumberOf(game.initialFen);
  let turn = turnOf(game.initialFen);
  let needsNumber = true;
  game.sans.forEach((san, i) => {
    if (turn === "w") tokens.push(`${number}.`);
    else if (needsNumber) tokens.push(`${number}...`);
    tokens.push(san);
    needsNumber = false;
    const comment = evalComment(evals?.[i + 1]);
    if (comment) {
      tokens.push(comment);
      needsNumber = true; // after a comment, Black's move is numbered again ("1... e5")
    }
    if (turn === "b") number += 1;
    turn = turn === "w" ? "b" : "w";
  });
  tokens.push(game.result);
  return tokens;
}

/** `{ [%eval 0.35] }` in pawns, `{ [%eval #-2] }` for mates; none for a checkmated position. */
export function evalComment(e: number | string | undefined): string | undefined {
  if (e === undefined || isMatedEval(e)) return undefined;
  if (typeof e === "string") {
    const mate = /^#-?\d+$/.test(e.trim()) ? e.trim() : undefined;
    if (mate) return `{ [%eval ${mate}] }`;
    const n = Number(e);
    return Number.isFinite(n) ? evalComment(n) : undefined;
  }
  return Number.isFinite(e) ? `{ [%eval ${(e / 100).toFixed(2)}] }` : undefined;
}

/** "Rated blitz game", "Casual jumpstart rapid game", "Game" when nothing is known. */
function eventName(game: AnalysisGame): string {
  const words = [
    game.rated === null ? undefined : game.rated ? "Rated" : "Casual",
    game.variant === "fun" ? "Chess960" : game.variant && game.variant !== "standard" ? game.variant : undefined,
    game.untimed ? "unlimited" : (game.timeClass ?? undefined),
    "game",
  ].filter(Boolean);
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "2024.05.31" (UTC), or "????.??.??" when unknown. */
export function pgnDate(epochMs: number | null): string {
  if (epochMs === null || !Number.isFinite(epochMs)) return "????.??.??";
  const d = new Date(epochMs);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCFullYear()}.${pad(d.getUTCMonth() + 1)}.${pad(d.getUTCDate())}`;
}

function escapeTag(value: string): string {
  return value
    .replace(/[\r\n]+/g, " ")
    .replace(/\\/g, "\\\\")
    .replace(/"/g, '\\"');
}

/** Joins tokens into lines of at most 80 characters; a comment is never split, so `[%eval …]` stays whole. */
function wrap(tokens: readonly string[]): string {
  const lines: string[] = [];
  let line = "";
  for (const token of tokens) {
    if (line && line.length + 1 + token.length > MAX_LINE) {
      lines.push(line);
      line = token;
    } else {
      line = line ? `${line} ${token}` : token;
    }
  }
  if (line) lines.push(line);
  return lines.join("\n");
}

/** A file name for the download: "chess-game-abc123.pgn". */
export function pgnFileName(game: AnalysisGame): string {
  const id = (game.gameId ?? "analysis").replace(/[^\w-]+/g, "");
  return `chess-game-${id || "analysis"}.pgn`;
}
