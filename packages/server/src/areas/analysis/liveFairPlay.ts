import { Board } from "@chess/shared";

/**
 * The server's engine never helps a game in progress (issue 49, lichess's rule for its own engine): not its
 * players about their position or any position one move from it, and from move 10 on nobody about a position
 * standing in a game in progress or one move from it. Before move 10 positions are shared openings that
 * everyone may keep analysing.
 */
export const SHARED_OPENING_PLIES = 18;

/** A position as repetition counts it: placement, side to move, castling rights, en passant square. */
export const positionKey = (fen: string): string => fen.split(" ").slice(0, 4).join(" ");

/** How many of the 64 squares differ between two placements (the FENs' first fields). */
function squaresApart(a: string, b: string): number {
  const expand = (placement: string) => placement.replace(/\d/g, (n) => ".".repeat(Number(n))).replace(/\//g, "");
  const [x, y] = [expand(a), expand(b)];
  let differ = 0;
  for (let i = 0; i < 64; i++) if (x[i] !== y[i]) differ++;
  return differ;
}

/**
 * Whether the position `key` stands at `live` or one legal move from it. A move changes at most four
 * squares (a castle), so most positions are told apart without generating any move.
 */
export function atOrOneMoveFrom(live: string, key: string): boolean {
  const liveKey = positionKey(live);
  if (liveKey === key) return true;
  const [placement, turn] = key.split(" ");
  const [livePlacement, liveTurn] = liveKey.split(" ");
  if (turn === liveTurn || squaresApart(placement ?? "", livePlacement ?? "") > 4) return false;
  let board: Board;
  try {
    board = Board.fromFen(live);
  } catch {
    return false;
  }
  for (const uci of board.legalMoves()) {
    board.play({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
    const next = positionKey(board.fen());
    board.undo();
    if (next === key) return true;
  }
  return false;
}

/** Whether any of `searched` (FENs) stands at or one move from any of `live` (FENs of games in progress). */
export function helpsLiveGame(searched: readonly string[], live: readonly string[]): boolean {
  const keys = searched.map(positionKey);
  return live.some((fen) => keys.some((key) => atOrOneMoveFrom(fen, key)));
}
