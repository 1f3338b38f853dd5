/** A named opening, e.g. { eco: "C50", name: "Italian Game" }. */
export interface Opening {
  eco: string;
  name: string;
}

/** What a position is looked up by: its FEN's placement, side to move and castling (no en-passant square). */
export function openingKey(fen: string): string {
  return fen.trim().split(/\s+/).slice(0, 3).join(" ");
}

/** The table from its text: a line per position, "placement side castling\tECO\tname". */
export function parseOpenings(tsv: string): Map<string, Opening> {
  const table = new Map<string, Opening>();
  for (const line of tsv.split("\n")) {
    const [key, eco, name] = line.split("\t");
    if (key && eco && name) table.set(key, { eco, name });
  }
  return table;
}

/**
 * The opening of a game whose positions are `fens` (the start first, then after each move, up to the one
 * shown): the named position reached last, as lichess names it. By position, so a transposition is named
 * like the usual order; a game that left the book keeps the last name it had.
 */
export function openingOf(table: ReadonlyMap<string, Opening>, fens: readonly string[]): Opening | null {
  for (let i = fens.length - 1; i >= 0; i--) {
    const fen = fens[i];
    const found = fen === undefined ? undefined : table.get(openingKey(fen));
    if (found) return found;
  }
  return null;
}
