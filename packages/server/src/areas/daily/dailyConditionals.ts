import { Board, CONDITIONAL_LIMITS, type Color, type DailyRefusal, dailyRefusal, other } from "@chess/shared";

/**
 * Conditional moves (lichess's "forecast"): lines a player enters while waiting, each a sequence of UCI plies
 * that starts with the opponent's expected reply and alternates with the player's answers. When the opponent
 * moves, a line whose first ply matches answers with its second; the lines that no longer match are dropped.
 */
export type ConditionalLine = readonly string[];

const UCI = /^[a-h][1-8][a-h][1-8][nbrq]?$/;

/** Where a ply is, for a player: "line 2, move 3". */
const at = (line: number, ply: number) => `line ${line + 1}, move ${ply + 1}`;

/**
 * `lines` checked from the position `fen` (the opponent of `player` to move) and written as the board names
 * moves (lower case; a Chess960 castle as king takes rook), duplicates dropped. Every ply must be legal in
 * order, no ply may follow the end of the game, and two lines that share a start must answer it alike.
 * Repetitions before `fen` are not known here: a line that repeats into a draw lapses when the game ends.
 */
export function validateConditionals(
  position: { fen: string; chess960?: boolean },
  player: Color,
  lines: readonly ConditionalLine[],
): { ok: true; lines: string[][] } | DailyRefusal {
  const { lines: maxLines, plies: maxPlies } = CONDITIONAL_LIMITS;
  if (lines.length > maxLines) {
    return dailyRefusal("too_many_lines", `At most ${maxLines} conditional lines: there are ${lines.length}`);
  }
  const start = Board.fromFen(position.fen, { chess960: position.chess960 });
  if (start.turn() !== other(player)) {
    return dailyRefusal("your_turn", "Conditional moves wait for your opponent's move: it is your turn");
  }
  if (start.end() !== undefined) return dailyRefusal("over", "This game is over");
  const out: string[][] = [];
  const seen = new Set<string>();
  for (const [i, line] of lines.entries()) {
    if (line.length > maxPlies) {
      return dailyRefusal("line_too_long", `Line ${i + 1} has ${line.length} moves: at most ${maxPlies}`);
    }
    if (line.length < 2) {
      return dailyRefusal("line_too_short", `Line ${i + 1} needs your opponent's move and your answer`);
    }
    const board = Board.fromFen(position.fen, { chess960: position.chess960 });
    const named: string[] = [];
    for (const [j, raw] of line.entries()) {
      const uci = raw.trim().toLowerCase();
      if (!UCI.test(uci)) return dailyRefusal("bad_move", `Line ${i + 1}, move ${j + 1}: "${raw}" is not a move`);
      if (board.end() !== undefined) {
        return dailyRefusal("after_end", `${capital(at(i, j))}: the game is over after the move before`);
      }
      if (board.play({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] }) === undefined) {
        return dailyRefusal("illegal", `${capital(at(i, j))}: ${uci} is not legal there`);
      }
      named.push(board.lastMove()!);
    }
    const key = named.join(" ");
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(named);
  }
  const conflict = firstConflict(out);
  if (conflict) {
    const [a, b, ply] = conflict;
    return dailyRefusal(
      "conflict",
      `Lines ${a + 1} and ${b + 1} answer ${out[a]![ply - 1]} differently: ${out[a]![ply]} and ${out[b]![ply]}`,
    );
  }
  return { ok: true, lines: out };
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Two lines that agree up to an opponent's ply and then answer it differently: [line, line, answer ply]. */
function firstConflict(lines: string[][]): [number, number, number] | undefined {
  for (let a = 0; a < lines.length; a++) {
    for (let b = a + 1; b < lines.length; b++) {
      const x = lines[a]!;
      const y = lines[b]!;
      let ply = 0;
      while (ply < x.length && ply < y.length && x[ply] === y[ply]) ply++;
      // Plies 1, 3, 5... are the player's answers: lines may part only on the opponent's plies.
      if (ply < x.length && ply < y.length && ply % 2 === 1) return [a, b, ply];
    }
  }
  return undefined;
}

/**
 * The opponent played `played` (as the board names it: `board.lastMove()`): the answer to play, if a line
 * foresaw it, and the lines left, each shortened past the reply and its answer. A line that no longer
 * matches, or has nothing more to answer, is dropped.
 */
export function answerConditionals(
  lines: readonly ConditionalLine[],
  played: string,
): { answer: string | null; lines: string[][] } {
  const matching = lines.filter((l) => l[0] === played && l.length >= 2);
  const answer = matching[0]?.[1] ?? null;
  return {
    answer,
    lines: matching.filter((l) => l[1] === answer && l.length >= 4).map((l) => l.slice(2)),
  };
}
