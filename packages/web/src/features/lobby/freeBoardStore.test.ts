import { Board } from "@chess/shared";
import { describe, expect, it } from "vitest";
import {
  type FreeBoardAction,
  type FreeBoardState,
  freeBoardFen,
  freeBoardReducer,
  initialFreeBoard,
  positionInfo,
  positionInfoText,
  randomPositionParams,
} from "./freeBoardStore.ts";

const CHESS960_FEN = "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w KQkq - 0 1";
const kings: FreeBoardState = { ...initialFreeBoard, position: { e1: "wK", e8: "bK", d2: "wP" } };

describe("freeBoardReducer", () => {
  const rows: Array<[string, FreeBoardState, FreeBoardAction, FreeBoardState]> = [
    ["flip white → black", kings, { type: "flip" }, { ...kings, orientation: "black" }],
    ["flip black → white", { ...kings, orientation: "black" }, { type: "flip" }, kings],
    [
      "move to an empty square",
      kings,
      { type: "move", from: "d2", to: "d4" },
      { ...kings, position: { e1: "wK", e8: "bK", d4: "wP" } },
    ],
    [
      "move onto a piece replaces it",
      kings,
      { type: "move", from: "e1", to: "e8" },
      { ...kings, position: { e8: "wK", d2: "wP" } },
    ],
    ["drop off the board snaps back", kings, { type: "move", from: "d2", to: null }, kings],
    ["drop on the same square changes nothing", kings, { type: "move", from: "d2", to: "d2" }, kings],
    ["move from an empty square changes nothing", kings, { type: "move", from: "a1", to: "a2" }, kings],
    [
      "reset restores the initial position, keeps orientation, stops waiting",
      { ...kings, orientation: "black", busy: "randomize" },
      { type: "reset" },
      { ...kings, position: initialFreeBoard.position, orientation: "black", busy: undefined },
    ],
    [
      "setPosition replaces the pieces",
      kings,
      { type: "setPosition", position: { a1: "bQ" } },
      { ...kings, position: { a1: "bQ" } },
    ],
  ];

  rows.push(
    [
      "fetchStarted marks the board busy",
      kings,
      { type: "fetchStarted", kind: "shuffle" },
      { ...kings, busy: "shuffle" },
    ],
    [
      "an unreadable FEN changes nothing but the busy flag",
      { ...kings, busy: "randomize" },
      { type: "fetched", fen: "nonsense" },
      kings,
    ],
    [
      "a failed fetch changes nothing but the busy flag",
      { ...kings, busy: "randomize" },
      { type: "fetchFailed" },
      kings,
    ],
    [
      "eval lower end moves on the 0.5 grid",
      kings,
      { type: "setRandomRange", range: "eval", end: "min", value: -1.3 },
      { ...kings, randomEval: { min: -1.5, max: 5 } },
    ],
    [
      "the lower end cannot pass the upper one",
      { ...kings, randomEval: { min: -1, max: 1 } },
      { type: "setRandomRange", range: "eval", end: "min", value: 3 },
      { ...kings, randomEval: { min: 1, max: 1 } },
    ],
    [
      "the upper end cannot pass below the lower one",
      { ...kings, randomMoves: { min: 20, max: 40 } },
      { type: "setRandomRange", range: "moves", end: "max", value: 10 },
      { ...kings, randomMoves: { min: 20, max: 20 } },
    ],
    [
      "values are kept inside the bounds",
      kings,
      { type: "setRandomRange", range: "moves", end: "max", value: 150 },
      { ...kings, randomMoves: { min: 0, max: 100 } },
    ],
  );

  it.each(rows)("%s", (_name, state, action, expected) => {
    expect(freeBoardReducer(state, action)).toEqual(expected);
  });

  it("does not change the state it was given", () => {
    const before = structuredClone(kings);
    freeBoardReducer(kings, { type: "move", from: "d2", to: "d4" });
    expect(kings).toEqual(before);
  });

  it("starts from the initial position, white at the bottom, with the widest random ranges", () => {
    expect(Object.keys(initialFreeBoard.position)).toHaveLength(32);
    expect(initialFreeBoard.orientation).toBe("white");
    expect(initialFreeBoard.randomEval).toEqual({ min: -5, max: 5 });
    expect(initialFreeBoard.randomMoves).toEqual({ min: 0, max: 100 });
    expect(initialFreeBoard.busy).toBeUndefined();
  });

  it("loads a shuffled back rank from a FEN", () => {
    const next = freeBoardReducer(kings, { type: "fetched", fen: CHESS960_FEN });
    expect(next.position.a1).toBe("wN");
    expect(next.position.d8).toBe("bK");
    expect(Object.keys(next.position)).toHaveLength(32);
  });

  it("asks for the sliders' ranges", () => {
    const state = { ...kings, randomEval: { min: -1.5, max: 0.5 }, randomMoves: { min: 10, max: 20 } };
    expect(randomPositionParams(state)).toEqual({
      lower_eval_limit: -1.5,
      upper_eval_limit: 0.5,
      lower_move_limit: 10,
      upper_move_limit: 20,
    });
  });
});

describe("position info", () => {
  it.each([
    [
      "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
      0.2,
      "White to move · move 3 · eval +0.2 (about equal)",
    ],
    ["8/8/8/4k3/8/8/4K3/8 b - - 0 41", -2.5, "Black to move · move 41 · eval \u22122.5 (Black is better)"],
    ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", undefined, "White to move · move 1"],
    ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 1, "White to move · move 1 · eval +1.0 (White is better)"],
    ["8/8/8/4k3/8/8/4K3/8 b - - 0 4", -0.04, "Black to move · move 4 · eval 0.0 (about equal)"],
    ["8/8/8/4k3/8/8/4K3/8 w - - 0 4", 0.04, "White to move · move 4 · eval 0.0 (about equal)"],
  ])("%s (%s) → %s", (fen, evaluation, text) => {
    expect(positionInfoText(positionInfo(fen, evaluation))).toBe(text);
  });

  it("comes with a fetched position and goes once the position is edited", () => {
    const fetched = freeBoardReducer(initialFreeBoard, {
      type: "fetched",
      fen: "8/8/8/4k3/8/8/4K3/8 b - - 0 41",
      eval: -2.5,
    });
    expect(fetched.info).toEqual({ turn: "b", moveNumber: 41, eval: -2.5 });
    expect(freeBoardReducer(fetched, { type: "move", from: "e2", to: "e3" }).info).toBeNull();
    expect(freeBoardReducer(fetched, { type: "reset" }).info).toBeNull();
  });
});

describe("freeBoardFen", () => {
  it("is the start position on a fresh board", () => {
    expect(freeBoardFen(initialFreeBoard)).toBe("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  });

  it("keeps the side to move and move number of a fetched position, and the pieces as moved", () => {
    let s = freeBoardReducer(initialFreeBoard, { type: "fetched", fen: "4k3/8/8/8/8/8/4P3/4K3 b - - 0 23" });
    expect(freeBoardFen(s)).toBe("4k3/8/8/8/8/8/4P3/4K3 b KQkq - 0 23");
    s = freeBoardReducer(s, { type: "move", from: "e2", to: "e4" });
    // An edit keeps who moves (it once fell back to White): the move number goes with the eval.
    expect(freeBoardFen(s)).toBe("4k3/8/8/8/4P3/8/8/4K3 b KQkq - 0 1");
  });

  it("has the side to move the player chose, until a reset or a fetched position says otherwise", () => {
    let s = freeBoardReducer(initialFreeBoard, { type: "setTurn", turn: "b" });
    expect(freeBoardFen(s)).toBe("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    expect(freeBoardReducer(s, { type: "reset" }).turn).toBe("w");
    s = freeBoardReducer(s, { type: "fetched", fen: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 23", eval: 1.2 });
    expect(s.turn).toBe("w");
    // The eval was for White to move: choosing Black keeps the move number, not the eval.
    s = freeBoardReducer(s, { type: "setTurn", turn: "b" });
    expect(s.info).toEqual({ turn: "b", moveNumber: 23 });
    expect(freeBoardFen(s)).toBe("4k3/8/8/8/8/8/4P3/4K3 b KQkq - 0 23");
  });
});

describe("a shuffled Chess960 setup's castling rights", () => {
  // King on d1, rooks on b1 and g1 (and mirrored): Shredder-FEN rights GBgb.
  const SHUFFLE_FEN = "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w - - 0 1";
  const dealt = freeBoardReducer(initialFreeBoard, { type: "fetched", fen: SHUFFLE_FEN, chess960: true });
  const rights = (s: FreeBoardState) => freeBoardFen(s).split(" ")[2];

  it("are the rook files of both sides, which the board reads as Chess960", () => {
    expect(dealt.castling).toBe("GBgb");
    expect(freeBoardFen(dealt)).toBe("nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1");
    const board = Board.fromFen(freeBoardFen(dealt));
    expect(board.chess960).toBe(true);
    expect(board.fen()).toBe(freeBoardFen(dealt));
  });

  it("let the king castle once the squares between are cleared", () => {
    let s = dealt;
    // Bishop, queen and bishop out of the way (a drop off the board snaps back: they go to rank 4).
    for (const [i, from] of (["c1", "e1", "f1"] as const).entries()) {
      s = freeBoardReducer(s, { type: "move", from, to: (["a4", "b4", "c4"] as const)[i] ?? "a4" });
    }
    expect(rights(s)).toBe("GBgb");
    const legal = Board.fromFen(freeBoardFen(s)).legalMoves();
    expect(legal).toEqual(expect.arrayContaining(["d1g1", "d1b1"]));
  });

  it.each([
    ["a king that moves loses its side's rights", "d1", "d3", "gb"],
    ["a rook that leaves its home loses its own", "g1", "g3", "Bgb"],
    ["a rook taken at home loses its own, as does the rook that took it", "b8", "b1", "Gg"],
    ["another piece moving keeps them all", "e2", "e4", "GBgb"],
  ] as const)("%s", (_name, from, to, expected) => {
    expect(rights(freeBoardReducer(dealt, { type: "move", from, to }))).toBe(expected);
  });

  it("go with a reset, an edited position or a random position: those get the standard rights", () => {
    expect(rights(freeBoardReducer(dealt, { type: "reset" }))).toBe("KQkq");
    expect(rights(freeBoardReducer(dealt, { type: "setPosition", position: kings.position }))).toBe("KQkq");
    const random = freeBoardReducer(dealt, { type: "fetched", fen: "4k3/8/8/8/8/8/4P3/4K3 b - - 0 23", eval: 1 });
    expect(random.castling).toBeNull();
  });
});
