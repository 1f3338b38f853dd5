import { Board, isChess960Fen } from "@chess/shared";
import { Chess } from "chess.js";

/** The position after `moves` and the last move's UCI and position before it, from `replay`. */
export interface Replayed {
  fen: string;
  last?: { before: string; lan: string };
}

/**
 * Replays `moves` (SAN or UCI) from `initialPosition` ("start" or a FEN); throws "Invalid move: ..." or the
 * FEN's error on bad input. A Chess960 position (its FEN names rook files) is replayed on the shared Board.
 */
export function replay(initialPosition: string, moves: string[]): Replayed {
  if (initialPosition !== "start" && isChess960Fen(initialPosition)) return replayChess960(initialPosition, moves);
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
  const last = moves.length > 0 ? chess.history({ verbose: true }).at(-1) : undefined;
  return { fen: chess.fen(), ...(last ? { last: { before: last.before, lan: last.lan } } : {}) };
}

function replayChess960(initialFen: string, moves: string[]): Replayed {
  const board = Board.fromFen(initialFen);
  let last: Replayed["last"];
  for (const m of moves) {
    const before = board.fen();
    const uci = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/.exec(m);
    let lan: string | undefined;
    if (uci) {
      if (board.play({ from: uci[1] as string, to: uci[2] as string, promotion: uci[3] }) !== undefined) lan = m;
    } else {
      const played = board.playSan(m);
      if (played) lan = `${played.from}${played.to}${played.promotion ?? ""}`;
    }
    if (lan === undefined) throw new Error(`Invalid move: ${m}`);
    last = { before, lan };
  }
  return { fen: board.fen(), ...(last ? { last } : {}) };
}

/**
 * Every position of a game: the start, then after each move. On the shared Board (a few times faster than
 * chess.js, and Chess960-aware): an analysis request replays whole games on the server's event loop.
 */
export function gamePositions(initialFen: string, uciMoves: string[]): string[] {
  const board = Board.fromFen(initialFen);
  const fens = [board.fen()];
  for (const m of uciMoves) {
    if (board.play({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] }) === undefined)
      throw new Error(`Invalid move: ${m}`);
    fens.push(board.fen());
  }
  return fens;
}

/** Positions the engine need not search: mate and draws by rule (centipawns from White's side). */
export function terminalEval(fen: string): number | undefined {
  const board = Board.fromFen(fen);
  if (board.hasLegalMove()) return board.insufficientMaterial() ? 0 : undefined;
  return board.inCheck() ? (board.turn() === "w" ? -10_000 : 10_000) : 0;
}
