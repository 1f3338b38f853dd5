import { describe, expect, it } from "vitest";
import { type FreeBoardAction, type FreeBoardState, freeBoardReducer, initialFreeBoard } from "./freeBoardStore.ts";

const kings: FreeBoardState = { position: { e1: "wK", e8: "bK", d2: "wP" }, orientation: "white" };

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
      "reset restores the initial position, keeps orientation",
      { ...kings, orientation: "black" },
      { type: "reset" },
      { position: initialFreeBoard.position, orientation: "black" },
    ],
    [
      "setPosition replaces the pieces",
      kings,
      { type: "setPosition", position: { a1: "bQ" } },
      { ...kings, position: { a1: "bQ" } },
    ],
  ];

  it.each(rows)("%s", (_name, state, action, expected) => {
    expect(freeBoardReducer(state, action)).toEqual(expected);
  });

  it("does not change the state it was given", () => {
    const before = structuredClone(kings);
    freeBoardReducer(kings, { type: "move", from: "d2", to: "d4" });
    expect(kings).toEqual(before);
  });

  it("starts from the initial position, white at the bottom", () => {
    expect(Object.keys(initialFreeBoard.position)).toHaveLength(32);
    expect(initialFreeBoard.orientation).toBe("white");
  });
});
