import { CONDITIONAL_LIMITS } from "@chess/shared";
import { playUciLine } from "../board/index.ts";

/**
 * Conditional moves as the page enters them: a draft line of UCI plies from the game's position (the
 * opponent's expected move first, then my answer, …), added to the list the server keeps. The server judges
 * the lines (legality, 30 lines of 30 plies, conflicts); this only numbers and names them. Pure.
 */

/** The position after the draft's plies from `fen`. */
export function draftFen(fen: string, draft: readonly string[]): string {
  return playUciLine(fen, draft).at(-1)?.fen ?? fen;
}

/** A line in SAN, numbered from `fen`'s move: "12… Nf6 13. e5 Nd5". */
export function lineText(fen: string, line: readonly string[]): string {
  const moves = playUciLine(fen, line);
  const fields = fen.split(" ");
  let number = Number(fields[5]) || 1;
  let white = fields[1] !== "b";
  const parts: string[] = [];
  moves.forEach((m, i) => {
    if (white) parts.push(`${number}. ${m.san}`);
    else parts.push(i === 0 ? `${number}… ${m.san}` : m.san);
    if (!white) number++;
    white = !white;
  });
  return parts.join(" ");
}

/** The list with the draft added (an identical line is not added twice). */
export function withLine(lines: readonly string[][], draft: readonly string[]): string[][] {
  const key = draft.join(" ");
  return lines.some((l) => l.join(" ") === key) ? lines.map((l) => [...l]) : [...lines.map((l) => [...l]), [...draft]];
}

/** The draft may take another ply: under the server's 30. */
export const draftHasRoom = (draft: readonly string[]) => draft.length < CONDITIONAL_LIMITS.plies;

/** A draft is a line once it has the opponent's move and my answer, and ends with one of my answers. */
export const draftComplete = (draft: readonly string[]) => draft.length >= 2 && draft.length % 2 === 0;
