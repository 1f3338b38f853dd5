import { Chess } from "chess.js";
import { describe, expect, it } from "vitest";
import { Board, squareIndex } from "./board.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/** Deterministic [0, 1) numbers (mulberry32), so a failing game can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("Board perft", () => {
  // Node counts from the Chess Programming Wiki, "Perft Results" (positions 1-5 as given there).
  it.each([
    ["initial position", START, 4, 197_281],
    ["Kiwipete (position 2)", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97_862],
    ["position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674_624],
    ["position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422_333],
    ["position 4 mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 4, 422_333],
    ["position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62_379],
  ])("%s (%s): perft %i = %i", (_name, fen, depth, nodes) => {
    expect(Board.fromFen(fen).perft(depth)).toBe(nodes);
  });
});

describe("Board against chess.js", () => {
  const endOf = (c: Chess) =>
    c.isCheckmate()
      ? "checkmate"
      : c.isStalemate()
        ? "stalemate"
        : c.isInsufficientMaterial()
          ? "insufficient"
          : c.isThreefoldRepetition()
            ? "threefold"
            : c.isDrawByFiftyMoves()
              ? "fiftyMoves"
              : undefined;

  /**
   * Plays one random game on both, comparing every position; returns the plies played. `shuffle` favours
   * quiet piece moves, so positions repeat (threefold and beyond) instead of the game heading for its end.
   */
  function playBoth(seed: number, fen: string, shuffle = false): { plies: number; threefolds: number } {
    const next = random(seed);
    const chess = new Chess(fen);
    const board = Board.fromFen(fen);
    const at = (ply: number) => `seed ${seed} ply ${ply}`;
    let threefolds = 0;
    const played: string[] = [];
    for (let ply = 0; ply < 400; ply++) {
      // Plain comparisons first: expect() on every ply of thousands of games is slow.
      if (board.fen() !== chess.fen()) expect(board.fen(), at(ply)).toBe(chess.fen());
      if (board.inCheck() !== chess.inCheck()) expect(board.inCheck(), at(ply)).toBe(chess.inCheck());
      const mine = board.legalMoves();
      if (mine.length !== chess.moves().length || ply % 8 === 0) {
        expect(mine.sort(), at(ply)).toEqual(
          chess
            .moves({ verbose: true })
            .map((m) => m.lan)
            .sort(),
        );
      }
      if (board.end() !== endOf(chess)) expect(board.end(), at(ply)).toBe(endOf(chess));
      if (board.threefold() !== chess.isThreefoldRepetition())
        expect(board.threefold(), at(ply)).toBe(chess.isThreefoldRepetition());
      if (board.threefold()) threefolds++;
      if (mine.length === 0 || chess.isDrawByFiftyMoves()) return { plies: ply, threefolds };
      // Captures and promotions are favoured so games reach endings and odd material.
      const sharp = mine.filter((uci) => uci.length === 5 || chess.get(uci.slice(2, 4) as never));
      const quiet = mine.filter((uci) => !sharp.includes(uci) && chess.get(uci.slice(0, 2) as never)?.type !== "p");
      // Shuffling: the side to move takes its last move back (a piece going home) more often than not.
      const back = played.at(-2) && `${played.at(-2)!.slice(2, 4)}${played.at(-2)!.slice(0, 2)}`;
      const pool = shuffle
        ? back && quiet.includes(back) && next() < 0.6
          ? [back]
          : quiet.length > 0 && next() < 0.9
            ? quiet
            : mine
        : sharp.length > 0 && next() < 0.5
          ? sharp
          : mine;
      const uci = pool[Math.floor(next() * pool.length)]!;
      played.push(uci);
      const move = { from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] };
      const san = board.play(move);
      const expected = chess.move(move).san;
      if (san !== expected) expect(san, at(ply)).toBe(expected);
    }
    return { plies: 400, threefolds };
  }

  it("agrees on FEN, legal moves, SAN, check and endings over 30 random games", () => {
    let plies = 0;
    for (let seed = 1; seed <= 30; seed++) plies += playBoth(seed, START).plies;
    expect(plies).toBeGreaterThan(3_000);
  }, 120_000);

  it("agrees from tactical and Chess960 positions", () => {
    const fens = [
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w - - 0 1",
      "8/P7/8/8/8/8/k6p/4K3 w - - 0 1",
    ];
    for (const [i, fen] of fens.entries()) for (let seed = 1; seed <= 10; seed++) playBoth(1000 * (i + 1) + seed, fen);
  }, 60_000);

  it("agrees on repetition in games that shuffle pieces back and forth", () => {
    const fens = [
      START,
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w - - 0 1",
      "4k3/8/8/8/3p4/8/4P3/R3K2R w KQ - 0 1",
    ];
    let repeated = 0;
    for (const [i, fen] of fens.entries())
      for (let seed = 1; seed <= 5; seed++) repeated += playBoth(500 * (i + 1) + seed, fen, true).threefolds;
    // Void unless the games did repeat: hundreds of positions stood three times or more.
    expect(repeated).toBeGreaterThan(300);
  }, 60_000);

  it("disambiguates SAN by file, rank or square as chess.js does", () => {
    const cases: Array<[string, { from: string; to: string }, string]> = [
      ["4k3/8/8/8/8/8/4K3/R6R w - - 0 1", { from: "a1", to: "d1" }, "Rad1"],
      ["4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", { from: "a1", to: "a3" }, "R1a3"],
      ["7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", { from: "a4", to: "b3" }, "Qa4b3"],
      ["4k3/8/8/8/8/8/8/RN2K1NR w - - 0 1", { from: "g1", to: "f3" }, "Nf3"],
    ];
    for (const [fen, move, san] of cases) {
      expect(Board.fromFen(fen).play(move)).toBe(san);
      expect(new Chess(fen).move(move).san).toBe(san);
    }
  });
});

describe("Board moves", () => {
  it("refuses illegal, out-of-turn and malformed moves and changes nothing", () => {
    const board = Board.fromFen(START);
    for (const move of [
      { from: "e2", to: "e5" },
      { from: "e7", to: "e5" },
      { from: "e1", to: "e2" },
      { from: "z9", to: "e4" },
      { from: "e3", to: "e4" },
      { from: "", to: "" },
    ]) {
      expect(board.play(move)).toBeUndefined();
    }
    expect(board.fen()).toBe(START);
    expect(board.played).toBe(0);
  });

  it("wants the promotion piece named, and ignores one named for an ordinary move", () => {
    const board = Board.fromFen("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    expect(board.play({ from: "a7", to: "a8" })).toBeUndefined();
    expect(board.play({ from: "a7", to: "a8", promotion: "x" })).toBeUndefined();
    expect(board.play({ from: "a7", to: "a8", promotion: "n" })).toBe("a8=N");
    expect(board.play({ from: "h7", to: "g7", promotion: "q" })).toBe("Kg7");
  });

  it("undoes moves back to the exact position, repetition counts included", () => {
    const board = Board.fromFen(START);
    const fens = [board.fen()];
    for (const [from, to] of [
      ["g1", "f3"],
      ["g8", "f6"],
      ["f3", "g1"],
      ["f6", "g8"],
      ["g1", "f3"],
      ["g8", "f6"],
      ["f3", "g1"],
    ] as const) {
      expect(board.play({ from, to })).toBeDefined();
      fens.push(board.fen());
    }
    expect(board.threefold()).toBe(false);
    expect(board.play({ from: "f6", to: "g8" })).toBe("Ng8");
    expect(board.threefold()).toBe(true);
    expect(board.end()).toBe("threefold");
    board.undo();
    expect(board.threefold()).toBe(false);
    for (let i = fens.length - 1; i > 0; i--) {
      expect(board.fen()).toBe(fens[i]);
      expect(board.undo()).toBe(true);
    }
    expect(board.fen()).toBe(START);
    expect(board.undo()).toBe(false);
  });

  it("clones a board that plays on alone, its history (repetition, undo) and castling rights with it", () => {
    const shuffle = [
      ["g1", "f3"],
      ["g8", "f6"],
      ["f3", "g1"],
      ["f6", "g8"],
    ] as const;
    const board = Board.fromFen(START);
    for (const [from, to] of [...shuffle, ...shuffle.slice(0, 3)]) board.play({ from, to });
    const fen = board.fen();
    const copy = board.clone();
    expect({ fen: copy.fen(), played: copy.played, threefold: copy.threefold() }).toEqual({
      fen,
      played: 7,
      threefold: false,
    });
    expect(copy.play({ from: "f6", to: "g8" })).toBe("Ng8");
    expect(copy.threefold()).toBe(true);
    expect({ fen: board.fen(), played: board.played, threefold: board.threefold() }).toEqual({
      fen,
      played: 7,
      threefold: false,
    });
    expect(board.clone().legalMoves()).toEqual(board.legalMoves());
    // Past the 32 plies a new board's history holds before it grows: the copy undoes all the way back.
    const long = Board.fromFen(START);
    for (let i = 0; i < 10; i++) for (const [from, to] of shuffle) long.play({ from, to });
    const back = long.clone();
    for (let i = 0; i < 40; i++) expect(back.undo()).toBe(true);
    expect({ fen: back.fen(), undo: back.undo(), played: long.played }).toEqual({
      fen: START,
      undo: false,
      played: 40,
    });
    const castling = Board.fromFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").clone();
    expect(castling.play({ from: "e1", to: "g1" })).toBe("O-O");
    expect(castling.clone().fen()).toBe("r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  });

  it("keeps every board of a tree of clones played, undone and cloned again at random as if played alone", () => {
    // Clones share their history until one of them would write where another reads (Board.clone): each
    // board here is checked against a board replayed from the start along its own moves.
    const next = random(7);
    const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)] as T;
    // A knight shuffle makes repetitions likely; the random moves make captures and pawn moves.
    const shuffles = ["g1f3", "g8f6", "f3g1", "f6g8", "b1c3", "b8c6", "c3b1", "c6b8"];
    const boards: Array<{ board: Board; line: string[] }> = [{ board: Board.fromFen(START), line: [] }];
    const replayed = (line: string[]) => {
      const b = Board.fromFen(START);
      for (const u of line) b.play({ from: u.slice(0, 2), to: u.slice(2, 4), promotion: u[4] });
      return b;
    };
    for (let step = 0; step < 3_000; step++) {
      const at = pick(boards);
      const roll = next();
      if (roll < 0.25 && boards.length < 40) boards.push({ board: at.board.clone(), line: [...at.line] });
      else if (roll < 0.4) {
        if (at.board.undo()) at.line.pop();
      } else {
        const legal = at.board.legalMoves();
        if (legal.length === 0 || at.line.length > 120) continue;
        const shuffle = shuffles.filter((u) => legal.includes(u));
        const u = shuffle.length > 0 && next() < 0.6 ? pick(shuffle) : pick(legal);
        expect(at.board.play({ from: u.slice(0, 2), to: u.slice(2, 4), promotion: u[4] })).toBeDefined();
        at.line.push(u);
      }
      if (step % 50 === 0 || step > 2_950) {
        for (const { board, line } of boards) {
          const alone = replayed(line);
          expect({ fen: board.fen(), threefold: board.threefold(), last: board.lastMove() }).toEqual({
            fen: alone.fen(),
            threefold: alone.threefold(),
            last: alone.lastMove(),
          });
        }
      }
    }
    for (const { board, line } of boards) {
      for (let i = line.length; i > 0; i--) expect(board.undo()).toBe(true);
      expect(board.fen()).toBe(START);
    }
  });

  it.each([
    // After 1. e4 the e3 capture is legal: the kings come back to that placement at plies 5 and 9 without it
    // (a threefold at ply 9 if it counted); the position after ply 2 stands a third time at ply 10.
    [
      "en passant capture",
      "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1",
      "e2e4 e8e7 e1f1 e7e8 f1e1 e8e7 e1f1 e7e8 f1e1 e8e7 e1f1",
      10,
    ],
    // The kings' first trip costs the castling rights: the start is not counted again at plies 4 and 8.
    [
      "castling rights",
      "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
      "e1f1 e8f8 f1e1 f8e8 e1f1 e8f8 f1e1 f8e8 e1f1 e8f8",
      10,
    ],
    [
      "placement and side to move (a plain shuffle)",
      "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
      "a1a2 e8e7 a2a1 e7e8 a1a2 e8e7 a2a1 e7e8",
      8,
    ],
  ])("counts a position again only with the same %s", (_what, fen, line, threefoldAt) => {
    const board = Board.fromFen(fen);
    const chess = new Chess(fen);
    const moves = line.split(" ");
    for (const [i, uci] of moves.entries()) {
      const move = { from: uci.slice(0, 2), to: uci.slice(2, 4) };
      expect(board.play(move)).toBeDefined();
      chess.move(move);
      expect([board.threefold(), chess.isThreefoldRepetition()], `ply ${i + 1}`).toEqual([
        i + 1 >= threefoldAt,
        i + 1 >= threefoldAt,
      ]);
    }
  });

  it("does not castle out of, through or into check, nor once the rook has moved", () => {
    const through = Board.fromFen("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1");
    expect(through.play({ from: "e1", to: "g1" })).toBeUndefined();
    expect(through.play({ from: "e1", to: "c1" })).toBe("O-O-O");
    const rookGone = Board.fromFen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    rookGone.play({ from: "h1", to: "h2" });
    rookGone.play({ from: "e8", to: "d8" });
    rookGone.play({ from: "h2", to: "h1" });
    rookGone.play({ from: "d8", to: "e8" });
    expect(rookGone.fen()).toBe("4k3/8/8/8/8/8/8/R3K2R w Q - 4 3");
    expect(rookGone.play({ from: "e1", to: "g1" })).toBeUndefined();
  });

  it("drops castling rights whose king or rook is not at home", () => {
    expect(Board.fromFen("4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1").fen()).toBe("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  });

  it("prints the en passant square only when the capture is legal", () => {
    const board = Board.fromFen("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1");
    board.play({ from: "e2", to: "e4" });
    expect(board.fen()).toBe("4k3/8/8/8/4Pp2/8/8/4K3 b - e3 0 1");
    // The f4 pawn is pinned to its king by the rook: en passant would expose it.
    const pinned = Board.fromFen("8/8/8/8/k4p1R/8/4P3/4K3 w - - 0 1");
    pinned.play({ from: "e2", to: "e4" });
    expect(pinned.fen()).toBe("8/8/8/8/k3Pp1R/8/8/4K3 b - - 0 1");
    expect(pinned.legalMoves()).not.toContain("f4e3");
  });

  it.each([
    ["", "it needs 4 to 6 fields"],
    ["8/8/8/8 w - - 0 1", "the board needs 8 ranks"],
    ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", 'the side to move must be "w" or "b"'],
    ["rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 is not 8 squares of pieces and digits"],
    ["rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 is not 8 squares of pieces and digits"],
    ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w KQkq - 0 1", "White has no king"],
    ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w KQkq - 0 1", "White has 2 kings"],
    ["8/8/8/8/8/8/8/4K3 w - - 0 1", "Black has no king"],
    ["P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "a pawn stands on rank 8"],
    ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1", "e4 cannot be an en passant square"],
    ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "the move counters must be whole numbers"],
    ["4k3/8/8/8/8/8/8/4K2R w XY - 0 1", "the castling rights are malformed"],
    ["4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "Black is in check with White to move"],
    ["4k3/8/8/8/8/8/8/4K2r b - - 0 1", "White is in check with Black to move"],
  ])("refuses the FEN %j: %s", (fen, reason) => {
    expect(() => Board.fromFen(fen)).toThrow(`Invalid FEN: ${reason}`);
  });

  it("reads a side not to move in check when asked (a premove's position), and moves in it", () => {
    const board = Board.fromFen("4k2R/8/8/8/8/8/8/4K3 w - - 0 1", { oppositeCheck: true });
    expect(board.targets("h8")).toContain("h1");
    expect(board.play({ from: "e1", to: "d2" })).toBe("Kd2+");
  });

  it("names squares", () => {
    expect(squareIndex("a1")).toBe(0);
    expect(squareIndex("h8")).toBe(0x77);
    expect(squareIndex("i1")).toBe(-1);
    expect(squareIndex("a9")).toBe(-1);
    expect(squareIndex("a")).toBe(-1);
  });

  it("lists each side's pieces besides the king", () => {
    expect(Board.fromFen("4k3/8/8/8/8/8/8/RN2K1NR w - - 0 1").pieces("w").sort()).toEqual(["n", "n", "r", "r"]);
    expect(Board.fromFen("4k3/8/8/8/8/8/8/RN2K1NR w - - 0 1").pieces("b")).toEqual([]);
  });
});

describe("Chess960", () => {
  // Node counts from the Chess Programming Wiki, "Chess960 Perft Results" (the same rows as Ethereal's
  // src/perft/fischer.epd); depth 4 is every row's fourth column there.
  it.each([
    ["bqnb1rkr (id 0)", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 4, 326_672],
    ["2nnrbkr (id 1)", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", 4, 667_366],
    ["b1q1rrkb (id 2)", "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", 4, 273_318],
    ["qbbnnrkr (id 3)", "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", 4, 382_958],
    ["b1qr1krb", "b1qr1krb/pp1ppppp/n2n4/8/2p5/2P3P1/PP1PPP1P/BNQRNKRB w GDgd - 0 9", 4, 549_506],
    ["nrnbqkbr", "nrnbqkbr/2pp2pp/4pp2/pp6/8/1P3P2/P1PPPBPP/NRNBQ1KR w hb - 0 9", 4, 466_493],
  ])("%s (%s): perft %i = %i", (_name, fen, depth, nodes) => {
    const board = Board.fromFen(fen);
    expect(board.chess960).toBe(true);
    expect(board.perft(depth)).toBe(nodes);
  });

  // Chess Programming Wiki, "Perft Results": the initial position, here with its rights as rook files.
  it("plays the standard position with Shredder-FEN rights as standard chess (perft 4 = 197281)", () => {
    expect(Board.fromFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1").perft(4)).toBe(197_281);
  });

  it.each([
    // [what, FEN, move, SAN or undefined when refused, FEN after]
    ["king and rook swap squares", "4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "f1g1", "O-O", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"],
    ["the king does not move", "4k3/8/8/8/8/8/8/R5KR w HA - 0 1", "g1h1", "O-O", "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1"],
    [
      "a rook on the b-file, king takes rook",
      "4k3/8/8/8/8/8/8/1R2K3 w B - 0 1",
      "e1b1",
      "O-O-O",
      "4k3/8/8/8/8/8/8/2KR4 b - - 1 1",
    ],
    [
      "a rook on the b-file, king to c1",
      "4k3/8/8/8/8/8/8/1R2K3 w B - 0 1",
      "e1c1",
      "O-O-O",
      "4k3/8/8/8/8/8/8/2KR4 b - - 1 1",
    ],
    [
      "the king crosses to the g-file",
      "4k3/8/8/8/8/8/8/1KR5 w C - 0 1",
      "b1g1",
      "O-O",
      "4k3/8/8/8/8/8/8/5RK1 b - - 1 1",
    ],
    [
      "king on b1 to c1 is a king step",
      "4k3/8/8/8/8/8/8/RK5R w HA - 0 1",
      "b1c1",
      "Kc1",
      "4k3/8/8/8/8/8/8/R1K4R b - - 1 1",
    ],
    [
      "the rook of a right that is not outermost",
      "4k3/8/8/8/8/8/8/4KR1R w F - 0 1",
      "e1f1",
      "O-O",
      "4k3/8/8/8/8/8/8/5RKR b - - 1 1",
    ],
    [
      "Black, queenside onto the a-rook",
      "rk6/8/8/8/8/8/8/4K3 b a - 0 1",
      "b8a8",
      "O-O-O",
      "2kr4/8/8/8/8/8/8/4K3 w - - 1 2",
    ],
    ["out of check", "4k3/8/8/8/8/8/8/1R2K2r w B - 0 1", "e1b1", undefined, ""],
    ["through check", "4k3/8/8/8/8/3r4/8/1R2K3 w B - 0 1", "e1b1", undefined, ""],
    ["into check", "4k3/8/8/8/8/2r5/8/1R2K3 w B - 0 1", "e1b1", undefined, ""],
    ["onto a square the castling rook shields", "4k3/8/8/8/8/8/8/rR4K1 w B - 0 1", "g1b1", undefined, ""],
    ["past a piece in the rook's way", "4k3/8/8/8/8/8/8/1RN1K3 w B - 0 1", "e1b1", undefined, ""],
    ["onto the king's own piece on its square", "4k3/8/8/8/8/8/8/4KRN1 w F - 0 1", "e1f1", undefined, ""],
  ])("castles when %s", (_what, fen, uci, san, after) => {
    const board = Board.fromFen(fen);
    expect(board.play({ from: uci.slice(0, 2), to: uci.slice(2, 4) })).toBe(san);
    if (san) expect(board.fen()).toBe(after);
    else expect(board.fen()).toBe(fen);
  });

  it("names castles king takes rook in UCI, as UCI_Chess960 does, and undoes them", () => {
    const fen = "4k3/8/8/8/8/8/8/RK5R w HA - 0 1";
    const board = Board.fromFen(fen);
    expect(board.legalMoves()).toEqual(expect.arrayContaining(["b1a1", "b1h1"]));
    expect(board.legalMoves()).not.toContain("b1g1");
    expect(board.targets("b1").sort()).toEqual(["a1", "a2", "b2", "c1", "c2", "g1", "h1"]);
    expect(board.play({ from: "b1", to: "g1" })).toBe("O-O");
    expect(board.lastMove()).toBe("b1h1");
    board.undo();
    expect(board.play({ from: "b1", to: "a1" })).toBe("O-O-O");
    expect(board.fen()).toBe("4k3/8/8/8/8/8/8/2KR3R b - - 1 1");
    board.undo();
    expect(board.fen()).toBe(fen);
  });

  it("loses a right when its rook moves or is taken, both when the king moves", () => {
    const board = Board.fromFen("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1");
    board.play({ from: "g1", to: "g8" });
    expect(board.fen()).toBe("1r2k1R1/8/8/8/8/8/8/1R2K3 b Bb - 0 1");
    board.play({ from: "e8", to: "d7" });
    expect(board.fen()).toBe("1r4R1/3k4/8/8/8/8/8/1R2K3 w B - 1 2");
  });

  it("reads X-FEN (KQkq: the outermost rooks) and writes Shredder-FEN, which reads back the same", () => {
    const xfen = "rk2r3/8/8/8/8/8/8/R1K3RR w KQkq - 0 1";
    const board = Board.fromFen(xfen, { chess960: true });
    expect(board.fen()).toBe("rk2r3/8/8/8/8/8/8/R1K3RR w HAea - 0 1");
    expect(Board.fromFen(board.fen()).fen()).toBe(board.fen());
    for (const fen of [
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
      "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
    ]) {
      expect(Board.fromFen(fen).fen()).toBe(fen);
    }
  });

  it("reads SAN castles and moves, and the pieces on squares", () => {
    const board = Board.fromFen("4k3/8/8/8/8/8/8/RK5R w HA - 0 1");
    expect(board.playSan("O-O-O-O")).toBeUndefined();
    expect(board.playSan("0-0")).toEqual({ from: "b1", to: "h1", san: "O-O" });
    expect(board.kingSquare("w")).toBe("g1");
    expect(board.pieceAt("f1")).toEqual({ color: "w", type: "r" });
    expect(board.playSan("Kd7")).toEqual({ from: "e8", to: "d7", san: "Kd7" });
    expect(board.playSan("Rxa8")).toBeUndefined();
  });

  it("keeps the standard board's own notation for a standard FEN", () => {
    const board = Board.fromFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    expect(board.chess960).toBe(false);
    expect(board.legalMoves()).toEqual(expect.arrayContaining(["e1g1", "e1c1"]));
    expect(board.play({ from: "e1", to: "h1" })).toBeUndefined();
    expect(board.play({ from: "e1", to: "g1" })).toBe("O-O");
    expect(board.fen()).toBe("r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  });
});
