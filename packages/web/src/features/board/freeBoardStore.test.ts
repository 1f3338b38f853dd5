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
    expect(freeBoardFen(s).split(" ")[0]).toBe("4k3/8/8/8/4P3/8/8/4K3");
  });
});
