import { Chess } from "chess.js";

/** Replays `moves` (SAN or UCI) from `initialPosition` ("start" or a FEN); chess.js's own errors on bad input. */
export function replay(initialPosition: string, moves: string[]): Chess {
  const chess = initialPosition === "start" ? new Chess() : new Chess(initialPosition);
  for (const m of moves) {
    const uci = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/.exec(m);
    if (uci) {
      try {
        chess.move({ from: uci[1] as string, to: uci[2] as string, promotion: uci[3] });
        continue;
      } catch {
        throw new Error(`Invalid move: ${m}`);
      }
    }
    chess.move(m);
  }
  return chess;
}

/** Every position of a game: the start, then after each move. */
export function gamePositions(initialFen: string, uciMoves: string[]): string[] {
  const chess = new Chess(initialFen);
  const fens = [chess.fen()];
  for (const m of uciMoves) {
    chess.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m.length > 4 ? m[4] : undefined });
    fens.push(chess.fen());
  }
  return fens;
}

/** Positions the engine need not search: mate and draws by rule (centipawns from White's side). */
export function terminalEval(fen: string): number | undefined {
  const chess = new Chess(fen);
  if (chess.isCheckmate()) return chess.turn() === "w" ? -10_000 : 10_000;
  if (chess.isStalemate() || chess.isInsufficientMaterial()) return 0;
  return undefined;
}
