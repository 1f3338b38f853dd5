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
 * The full starting FEN of a shuffled setup for the free board (GET /game/shuffle-board; no castling rights,
 * as a spec client may read it with chess.js, which knows no 960 castling). The free board adds them with
 * `chess960Castling` when it is played on; a game starts from `chess960GameFen`.
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
  const placement = `${white.toLowerCase()}/pppppppp/8/8/8/8/PPPPPPPP/${white}`;
  return `${placement} w ${chess960Castling(placement)} - 0 1`;
}

/**
 * The Shredder-FEN castling rights of a Chess960 setup, from its FEN placement: for each side whose king
 * stands on its back rank, the file of the outermost rook on each side of it, kingside first ("HBhb"); ""
 * when there is none. The rights of a setup as dealt, whose king and rooks have not moved.
 */
export function chess960Castling(placement: string): string {
  const ranks = placement.trim().split(/\s+/)[0]?.split("/") ?? [];
  const sideRights = (rank: string | undefined, white: boolean): string => {
    const squares = (rank ?? "").replace(/\d/g, (n) => ".".repeat(Number(n)));
    const king = squares.indexOf(white ? "K" : "k");
    if (squares.length !== 8 || king < 0) return "";
    const rook = white ? "R" : "r";
    const kingside = squares.lastIndexOf(rook);
    const queenside = squares.indexOf(rook);
    const files = [...(kingside > king ? [kingside] : []), ...(queenside >= 0 && queenside < king ? [queenside] : [])];
    return files.map((f) => String.fromCharCode((white ? 65 : 97) + f)).join("");
  };
  return sideRights(ranks[7], true) + sideRights(ranks[0], false);
}
