import { describe, expect, it } from "vitest";
import {
  checkedKing,
  destinations,
  fenError,
  legalMoves,
  needsPromotion,
  type PlayedMove,
  playMove,
  playSan,
  playUciLine,
  positionEnd,
  premoveDestinations,
  replayLine,
  rulesOf,
} from "./boardRules.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
// Both sides may castle either way.
const CASTLES = "r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 4 8";
// White pawns on e7 (e8 free) and b7 (takes on a8 or c8); the black king on h8.
const PROMOTE = "r1r4k/1P2P3/8/8/8/8/8/4K3 w - - 0 1";
// 1. f3 e5 2. g4 Qh4#
const FOOLS_MATE = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
// Chess960, king b1 and rooks a1 and h1 for both sides: O-O-O is a king step onto c1, so only
// "king onto rook" names it; O-O takes the king five files to g1.
const NINE60 = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1";
// Chess960 from the server's deal: NRBKQBRN, Shredder-FEN rights on the b- and g-files.
const DEALT = "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1";

const sanOf = (fen: string, move: { from: string; to: string; promotion?: string }) => playMove(fen, move)?.san;
const squares = (m: PlayedMove | undefined) => m && `${m.from}${m.to}${m.promotion ?? ""}`;

describe("playMove: a dragged or tapped move, in SAN and the position after it", () => {
  it.each<[string, string, { from: string; to: string; promotion?: string }, string | undefined, string | undefined]>([
    // [what, position, move, SAN, as played (from, to, promotion)]
    ["a pawn's double step", START, { from: "e2", to: "e4" }, "e4", "e2e4"],
    ["a knight", START, { from: "g1", to: "f3" }, "Nf3", "g1f3"],
    [
      "mate",
      "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2",
      { from: "d8", to: "h4" },
      "Qh4#",
      "d8h4",
    ],
    ["O-O onto the king's destination", CASTLES, { from: "e1", to: "g1" }, "O-O", "e1g1"],
    ["O-O-O onto the king's destination", CASTLES, { from: "e1", to: "c1" }, "O-O-O", "e1c1"],
    ["no standard castle onto the rook", CASTLES, { from: "e1", to: "h1" }, undefined, undefined],
    ["a promotion to the piece chosen", PROMOTE, { from: "e7", to: "e8", promotion: "n" }, "e8=N", "e7e8n"],
    ["a capture promoting with check", PROMOTE, { from: "b7", to: "c8", promotion: "q" }, "bxc8=Q+", "b7c8q"],
    ["no promotion without its piece", PROMOTE, { from: "e7", to: "e8" }, undefined, undefined],
    [
      "a piece named for a move that does not promote, ignored",
      START,
      { from: "e2", to: "e4", promotion: "q" },
      "e4",
      "e2e4",
    ],
    ["no illegal move", START, { from: "e2", to: "e5" }, undefined, undefined],
    ["no move of the side not to move", START, { from: "e7", to: "e5" }, undefined, undefined],
    ["no move from an empty square", START, { from: "e4", to: "e5" }, undefined, undefined],
    ["no move in a position that cannot be read", "nonsense", { from: "e2", to: "e4" }, undefined, undefined],
    ["960: O-O with the king onto its rook", NINE60, { from: "b1", to: "h1" }, "O-O", "b1h1"],
    ["960: O-O dragged to g1, named king takes rook", NINE60, { from: "b1", to: "g1" }, "O-O", "b1h1"],
    ["960: O-O-O only onto the rook", NINE60, { from: "b1", to: "a1" }, "O-O-O", "b1a1"],
    ["960: the king's step to c1 is a king move", NINE60, { from: "b1", to: "c1" }, "Kc1", "b1c1"],
    ["960: no king move three files", NINE60, { from: "b1", to: "d1" }, undefined, undefined],
  ])("%s", (_what, fen, move, san, played) => {
    const m = playMove(fen, move);
    expect(m?.san).toBe(san);
    expect(squares(m)).toBe(played);
  });

  it("gives the position after the move, a Chess960 one with its rook-file rights", () => {
    expect(playMove(START, { from: "e2", to: "e4" })?.fen).toBe(
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    );
    expect(playMove(NINE60, { from: "b1", to: "h1" })?.fen).toBe("rk5r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b ha - 1 1");
    expect(playMove(NINE60, { from: "b1", to: "a1" })?.fen).toBe("rk5r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b ha - 1 1");
  });
});

describe("playSan and replayLine: SAN read back", () => {
  it.each<[string, string, string | undefined, string | undefined]>([
    // [position, text, as played, SAN]
    [START, "Nf3", "g1f3", "Nf3"],
    [START, "e4", "e2e4", "e4"],
    [CASTLES, "O-O", "e1g1", "O-O"],
    [CASTLES, "0-0-0", "e1c1", "O-O-O"],
    [PROMOTE, "bxa8=Q", "b7a8q", "bxa8=Q"],
    [PROMOTE, "e8=R+", "e7e8r", "e8=R+"],
    ["rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2", "Qh4", "d8h4", "Qh4#"],
    // UCI, as an older record or a hand-typed line may give it
    [START, "g1f3", "g1f3", "Nf3"],
    [NINE60, "O-O", "b1h1", "O-O"],
    [NINE60, "O-O-O", "b1a1", "O-O-O"],
    [DEALT, "O-O", undefined, undefined],
    [START, "Nf6", undefined, undefined],
    [START, "e5", undefined, undefined],
  ])("%s: %s", (fen, text, played, san) => {
    const m = playSan(fen, text);
    expect(m?.san).toBe(san);
    expect(squares(m)).toBe(played);
  });

  it("replays a line with the position after each move", () => {
    const line = replayLine(START, ["f3", "e5", "g4", "Qh4#"]);
    expect(line.moves.map(squares)).toEqual(["f2f3", "e7e5", "g2g4", "d8h4"]);
    expect(line.fens).toHaveLength(5);
    expect(line.fens[0]).toBe(START);
    expect(line.fens.at(-1)).toBe(FOOLS_MATE);
    expect(line.invalid).toBeUndefined();
  });

  it("stops at the first move that does not apply, and names it", () => {
    const line = replayLine(START, ["e4", "e5", "Ke3", "Nf6"]);
    expect(line.moves.map((m) => m.san)).toEqual(["e4", "e5"]);
    expect(line.fens).toHaveLength(3);
    expect(line.invalid).toBe("Ke3");
  });

  it("says why a start cannot be read", () => {
    expect(replayLine("bad", ["e4"])).toEqual({
      fens: ["bad"],
      moves: [],
      invalid: "Invalid FEN: it needs 4 to 6 fields",
    });
    expect(fenError("8/8/8/8/8/8/8/4K3 w - - 0 1")).toBe("Invalid FEN: Black has no king");
    expect(fenError(START)).toBeUndefined();
  });

  it("replays a Chess960 game with its castles", () => {
    const line = replayLine(NINE60, ["O-O", "O-O-O", "e4", "Rd4"]);
    expect(line.moves.map((m) => `${squares(m)} ${m.san}`)).toEqual(["b1h1 O-O", "b8a8 O-O-O", "e2e4 e4"]);
    expect(line.fens.slice(0, 3)).toEqual([
      NINE60,
      "rk5r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b ha - 1 1",
      "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2",
    ]);
    expect(line.invalid).toBe("Rd4");
  });
});

describe("playUciLine: an engine's line", () => {
  it.each<[string, string[], number | undefined, string[]]>([
    [
      "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
      ["f1b5", "g8f6", "e1g1"],
      undefined,
      ["Bb5", "Nf6", "O-O"],
    ],
    ["8/4P1k1/8/8/8/8/8/K7 w - - 0 1", ["e7e8q", "g7f6"], undefined, ["e8=Q", "Kf6"]],
    [START, ["e2e4", "e2e4", "d7d5"], undefined, ["e4"]],
    [START, ["e2e4", "Nf6"], undefined, ["e4"]],
    [START, ["g1f3", "g8f6", "f3g1"], 2, ["Nf3", "Nf6"]],
    ["not a fen", ["e2e4"], undefined, []],
    // the engine's Chess960 castles are king takes rook
    [NINE60, ["b1a1", "b8h8", "e2e4"], undefined, ["O-O-O", "O-O", "e4"]],
    [NINE60, ["b1h1", "b1a1"], undefined, ["O-O"]],
  ])("%s: %j", (fen, uci, max, sans) => {
    expect(playUciLine(fen, uci, max).map((m) => m.san)).toEqual(sans);
  });
});

describe("destinations: where a picked-up piece may go", () => {
  it.each<[string, string, string, string[]]>([
    ["a pawn at the start", START, "e2", ["e3", "e4"]],
    ["a knight at the start", START, "g1", ["f3", "h3"]],
    ["a piece of the side not to move", START, "e7", []],
    ["an empty square", START, "e4", []],
    ["a position that cannot be read", "not a fen", "e2", []],
    ["a pawn reaching the last rank, once whatever it becomes", "8/P7/8/8/8/8/8/k6K w - - 0 1", "a7", ["a8"]],
    [
      "a king that may castle, onto its destination",
      "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
      "e1",
      ["d1", "d2", "e2", "f2", "f1", "g1"],
    ],
    ["960: the king onto its rooks and to the g-file", NINE60, "b1", ["a1", "c1", "g1", "h1"]],
    [
      "960: the dealt king onto its rooks once the way is clear",
      "1rk3r1/pppppppp/8/8/8/8/8/1RK3R1 w GBgb - 0 1",
      "c1",
      ["b1", "b2", "c2", "d2", "d1", "g1"],
    ],
  ])("%s", (_what, fen, from, expected) => {
    expect(destinations(fen, from).sort()).toEqual([...expected].sort());
  });
});

describe("premoveDestinations: where a piece may be premoved on the opponent's turn", () => {
  it.each<[string, string, string, string[]]>([
    ["a knight's moves as if it were White's turn", AFTER_E4, "g1", ["e2", "f3", "h3"]],
    ["a pawn's steps and both diagonals", AFTER_E4, "d2", ["c3", "d3", "d4", "e3"]],
    ["a diagonal only on the board", AFTER_E4, "a2", ["a3", "a4", "b3"]],
    // the premover gave check: the position with its turn has the other side in check
    ["after giving check", "rnbqkbnr/ppppp2p/5p2/6pQ/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 3", "g1", ["e2", "f3", "h3"]],
    ["960: castles too", NINE60.replace(" w ", " b "), "b1", ["a1", "c1", "g1", "h1"]],
    ["960: a pawn", NINE60.replace(" w ", " b "), "a2", ["a3", "a4", "b3"]],
    ["nothing from an empty square", AFTER_E4, "e5", []],
    ["nothing in a position that cannot be read", "nonsense", "e2", []],
  ])("%s", (_what, fen, from, expected) => {
    expect(premoveDestinations(fen, from).sort()).toEqual([...expected].sort());
  });
});

describe("needsPromotion: a legal move that needs a piece chosen", () => {
  it.each<[string, string, string, boolean]>([
    [PROMOTE, "e7", "e8", true],
    [PROMOTE, "b7", "a8", true],
    [PROMOTE, "b7", "b8", true],
    [PROMOTE, "e7", "d8", false], // no capture there
    ["4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "a2", "a1", true],
    [START, "e2", "e4", false],
    [PROMOTE, "e1", "e2", false],
    [NINE60, "a2", "a3", false],
  ])("%s: %s-%s", (fen, from, to, expected) => {
    expect(needsPromotion(fen, from, to)).toBe(expected);
  });
});

describe("legalMoves: every legal move, as a typed move is matched against it", () => {
  it("lists the start's twenty moves with their SAN", () => {
    const moves = legalMoves(START);
    expect(moves).toHaveLength(20);
    expect(moves).toContainEqual({ from: "g1", to: "f3", piece: "n", san: "Nf3" });
  });

  it("names castles, standard (onto the king's destination) and Chess960 (onto the rook)", () => {
    expect(legalMoves(CASTLES).filter((m) => m.castle)).toEqual([
      { from: "e1", to: "g1", piece: "k", san: "O-O", castle: { side: "k", kingTo: "g1" } },
      { from: "e1", to: "c1", piece: "k", san: "O-O-O", castle: { side: "q", kingTo: "c1" } },
    ]);
    expect(legalMoves(NINE60).filter((m) => m.castle)).toEqual([
      { from: "b1", to: "h1", piece: "k", san: "O-O", castle: { side: "k", kingTo: "g1" } },
      { from: "b1", to: "a1", piece: "k", san: "O-O-O", castle: { side: "q", kingTo: "c1" } },
    ]);
  });

  it("lists each promotion piece, and a premove's moves as if it were that side's turn", () => {
    expect(
      legalMoves(PROMOTE)
        .filter((m) => m.from === "e7")
        .map((m) => m.san),
    ).toEqual(["e8=Q+", "e8=R+", "e8=B", "e8=N"]);
    expect(
      legalMoves(AFTER_E4, "w")
        .filter((m) => m.from === "g1")
        .map((m) => m.san),
    ).toEqual(["Nh3", "Nf3", "Ne2"]);
    expect(legalMoves("nonsense")).toEqual([]);
  });
});

describe("the position's own state", () => {
  it.each<[string, string, string | undefined, string | undefined]>([
    // [what, position, king in check, end]
    ["the start", START, undefined, undefined],
    ["fool's mate", FOOLS_MATE, "e1", "checkmate"],
    ["stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", undefined, "stalemate"],
    ["kings alone", "8/8/4k3/8/8/4K3/8/8 w - - 0 1", undefined, "insufficient"],
    ["960: a check along the back rank", "1k6/8/8/8/8/8/8/R3K2r w A - 0 1", "e1", undefined],
    ["a position that cannot be read", "nonsense", undefined, undefined],
  ])("%s", (_what, fen, checked, end) => {
    expect(checkedKing(fen)).toBe(checked);
    expect(positionEnd(fen)).toBe(end);
  });

  it.each([
    [START, "standard"],
    [NINE60, "chess960"],
    [DEALT, "chess960"],
    // A Chess960 game whose castling is gone plays as standard chess does: nothing tells them apart.
    ["rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w - - 0 1", "standard"],
  ])("%s is played by the %s castling rules", (fen, rules) => {
    expect(rulesOf(fen)).toBe(rules);
  });
});

it("SAN is the same through every door: dragged, typed and replayed", () => {
  for (const [fen, move] of [
    [CASTLES, { from: "e1", to: "g1" }],
    [NINE60, { from: "b1", to: "a1" }],
    [PROMOTE, { from: "b7", to: "a8", promotion: "q" }],
  ] as const) {
    const san = sanOf(fen, move) ?? "";
    expect(playSan(fen, san)?.fen).toBe(playMove(fen, move)?.fen);
    expect(legalMoves(fen).find((m) => m.san === san)).toBeDefined();
  }
});
