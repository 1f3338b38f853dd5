import { START_FEN } from "@chess/shared";
import { numberMoves } from "./moveTable.ts";

/** A line as a PGN file (the PGN standard's export format). Pure. */

export type PgnResult = "1-0" | "0-1" | "1/2-1/2" | "*";

export interface PgnGame {
  /** Tags in order, e.g. the seven-tag roster first: [["Event", "Rated blitz game"], ...]. */
  tags: ReadonlyArray<readonly [string, string]>;
  /** The position the moves start from; SetUp and FEN tags follow the others unless it is the standard start. */
  initialFen: string;
  sans: readonly string[];
  result: PgnResult;
  /** The comment after move `ply` (1 for the first), e.g. "[%eval 0.35]"; none when undefined. */
  comment?: (ply: number) => string | undefined;
  /** The movetext's tokens when they are not `sans` alone, e.g. a tree's with its variations (moveTree.ts). */
  movetext?: readonly string[];
  /** The comment before the first move, e.g. an imported PGN's ("{King's Gambit} 1. e4"). */
  startComment?: string;
}

const MAX_LINE = 80;

/** Whether `fen` is the standard starting position, which a PGN leaves unnamed. */
export const isStandardStart = (fen: string): boolean => fen.trim() === START_FEN;

/** The PGN text of `game`: tags, a blank line, the movetext in lines of at most 80 characters. */
export function makePgn(game: PgnGame): string {
  const tags = isStandardStart(game.initialFen)
    ? game.tags
    : [...game.tags, ["SetUp", "1"] as const, ["FEN", game.initialFen.trim()] as const];
  const header = tags.map(([name, value]) => `[${name} "${escapeTag(value)}"]`).join("\n");
  const start = game.startComment ? [`{ ${game.startComment.replaceAll("}", ")")} }`] : [];
  return `${header}\n\n${wrap([...start, ...movetext(game)])}\n`;
}

function movetext(game: PgnGame): string[] {
  if (game.movetext) return [...game.movetext, game.result];
  const tokens: string[] = [];
  let numbered = false;
  for (const m of numberMoves(game.initialFen, game.sans)) {
    if (m.color === "w") tokens.push(`${m.number}.`);
    else if (!numbered) tokens.push(`${m.number}...`);
    tokens.push(m.san);
    numbered = true;
    const comment = game.comment?.(m.ply);
    if (comment) {
      tokens.push(`{ ${comment} }`);
      numbered = false; // after a comment, Black's move is numbered again ("1... e5")
    }
  }
  tokens.push(game.result);
  return tokens;
}

function escapeTag(value: string): string {
  return value
    .replace(/[\r\n]+/g, " ")
    .replace(/\\/g, "\\\\")
    .replace(/"/g, '\\"');
}

/** Tokens joined into lines of at most 80 characters; a comment is one token, never split. */
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
