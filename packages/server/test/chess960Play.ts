import type { Board } from "@chess/shared";

/**
 * The next move of a game played towards castling from whatever 960 setup the server dealt: a castle
 * (the king onto its own rook) when there is one, else a piece in the way of a castle leaves the back
 * rank, else a pawn makes its first step, else another move (never a king's, a rook's or a promotion).
 */
export function towardsCastling(board: Board): string {
  const moves = board.legalMoves();
  const ownRook = (uci: string) => {
    const piece = board.pieceAt(uci.slice(2, 4));
    return piece?.type === "r" && piece.color === board.turn();
  };
  const castle = moves.find((uci) => board.pieceAt(uci.slice(0, 2))?.type === "k" && ownRook(uci));
  if (castle) return castle;
  const back = board.turn() === "w" ? "1" : "8";
  const second = board.turn() === "w" ? "2" : "7";
  // Squares a castle still allowed needs empty: the back rank between the king's and rooks' files.
  const rooks = ["a", "b", "c", "d", "e", "f", "g", "h"].filter(
    (f) => board.pieceAt(`${f}${back}`)?.type === "r" && board.pieceAt(`${f}${back}`)?.color === board.turn(),
  );
  const files = rooks.length > 0 ? [rooks[0] as string, rooks.at(-1) as string, "c", "g"].sort() : [];
  const inRange = (sq: string) => sq[1] === back && files.length > 0 && sq[0]! >= files[0]! && sq[0]! <= files.at(-1)!;
  const kind = (sq: string) => board.pieceAt(sq)?.type;
  const quiet = moves.filter((m) => m.length === 4 && kind(m.slice(0, 2)) !== "k" && kind(m.slice(0, 2)) !== "r");
  return (
    quiet.find((m) => inRange(m.slice(0, 2)) && m[3] !== back && kind(m.slice(0, 2)) !== "p") ??
    quiet.find((m) => kind(m.slice(0, 2)) === "p" && m[1] === second) ??
    quiet.find((m) => m[3] !== back && kind(m.slice(0, 2)) !== "p") ??
    quiet[0] ??
    (moves[0] as string)
  );
}

/** A castle `uci` (king takes rook) as the king's destination when that is two or more files away. */
export function kingToDestination(uci: string): string {
  const kingTo = `${uci[2]! > uci[0]! ? "g" : "c"}${uci[1]}`;
  return Math.abs(kingTo.charCodeAt(0) - uci.charCodeAt(0)) >= 2 ? `${uci.slice(0, 2)}${kingTo}` : uci;
}
