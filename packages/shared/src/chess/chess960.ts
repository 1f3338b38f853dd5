/**
 * A Chess960 back rank: bishops on opposite colours, the king between the rooks. `rng` returns [0, 1).
 * Returns the piece letters from a-file to h-file, upper case.
 */
export function chess960BackRank(rng: () => number = Math.random): string {
  const rank: Array<string | undefined> = Array(8).fill(undefined);
  const pick = (squares: number[]) => squares[Math.floor(rng() * squares.length)] as number;
  const free = () => rank.flatMap((p, i) => (p === undefined ? [i] : []));
  rank[pick([0, 2, 4, 6])] = "B";
  rank[pick([1, 3, 5, 7])] = "B";
  rank[pick(free())] = "Q";
  rank[pick(free())] = "N";
  rank[pick(free())] = "N";
  const [a, k, b] = free() as [number, number, number];
  rank[a] = "R";
  rank[k] = "K";
  rank[b] = "R";
  return rank.join("");
}

/**
 * The full starting FEN of a shuffled setup for the free board (no castling rights: its chess.js knows no
 * 960 castling). A game starts from `chess960GameFen`.
 */
export function chess960Fen(rng: () => number = Math.random): string {
  const white = chess960BackRank(rng);
  return `${white.toLowerCase()}/pppppppp/8/8/8/8/PPPPPPPP/${white} w - - 0 1`;
}

/**
 * The starting FEN of a Chess960 game: a shuffled setup with both sides' castling rights in Shredder-FEN
 * (the rooks' files, e.g. "HFhf"), which `Board` reads as Chess960.
 */
export function chess960GameFen(rng: () => number = Math.random): string {
  const white = chess960BackRank(rng);
  const files = [white.lastIndexOf("R"), white.indexOf("R")].map((i) => String.fromCharCode(65 + i)).join("");
  return `${white.toLowerCase()}/pppppppp/8/8/8/8/PPPPPPPP/${white} w ${files}${files.toLowerCase()} - 0 1`;
}
