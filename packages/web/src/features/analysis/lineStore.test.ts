import { describe, expect, it } from "vitest";
import { playMove, playUciLine, replayLine } from "../board/index.ts";
import {
  canStepBack,
  canStepForward,
  initialLine,
  inVariation,
  lineReducer,
  movesToShown,
  shownFen,
  shownLastMove,
} from "./lineStore.ts";
import { SCHOLARS_MATE } from "./testGame.ts";

const { fens, moves: plies } = replayLine("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", SCHOLARS_MATE);
const at = (ply: number) => lineReducer(initialLine(SCHOLARS_MATE), { type: "goto", ply });
const play = (fen: string, from: string, to: string) => {
  const move = playMove(fen, { from, to });
  if (!move) throw new Error(`illegal ${from}${to}`);
  return move;
};

describe("lineReducer (SPEC §4: stepping and own variations)", () => {
  it("opens at the game's last position", () => {
    const s = initialLine(SCHOLARS_MATE);
    expect(s.ply).toBe(7);
    expect(shownFen(s, fens)).toBe(fens[7]);
    expect(shownLastMove(s, plies)?.san).toBe("Qxf7#");
  });

  it("steps back and forward within the game", () => {
    let s = at(0);
    expect(canStepBack(s)).toBe(false);
    s = lineReducer(s, { type: "step", delta: -1 });
    expect(s.ply).toBe(0);
    s = lineReducer(s, { type: "step", delta: 1 });
    s = lineReducer(s, { type: "step", delta: 1 });
    expect(s.ply).toBe(2);
    expect(shownLastMove(s, plies)?.san).toBe("e5");
    s = lineReducer(s, { type: "last" });
    expect(s.ply).toBe(7);
    expect(canStepForward(s)).toBe(false);
    expect(lineReducer(s, { type: "step", delta: 1 })).toBe(s);
    expect(lineReducer(s, { type: "first" }).ply).toBe(0);
  });

  it("clamps jumps to the game", () => {
    expect(at(99).ply).toBe(7);
    expect(at(-3).ply).toBe(0);
  });

  it("follows the game when the game's own next move is played", () => {
    const s = lineReducer(at(5), { type: "play", move: play(fens[5] as string, "g8", "f6") });
    expect(s.ply).toBe(6);
    expect(inVariation(s)).toBe(false);
  });

  it("starts a variation on another move, blocks forward stepping, and takes it back one move at a time", () => {
    let s = lineReducer(at(5), { type: "play", move: play(fens[5] as string, "g7", "g6") });
    expect(inVariation(s)).toBe(true);
    expect(s.ply).toBe(5);
    expect(shownLastMove(s, plies)?.san).toBe("g6");
    const afterG6 = shownFen(s, fens);
    s = lineReducer(s, { type: "play", move: play(afterG6, "h5", "f3") });
    expect(movesToShown(s)).toEqual(["e4", "e5", "Qh5", "Nc6", "Bc4", "g6", "Qf3"]);

    expect(canStepForward(s)).toBe(false);
    expect(lineReducer(s, { type: "step", delta: 1 })).toBe(s);
    expect(lineReducer(s, { type: "last" })).toBe(s);

    s = lineReducer(s, { type: "step", delta: -1 });
    expect(movesToShown(s)).toEqual(["e4", "e5", "Qh5", "Nc6", "Bc4", "g6"]);
    s = lineReducer(s, { type: "step", delta: -1 });
    expect(inVariation(s)).toBe(false);
    expect(s.ply).toBe(5);
    expect(canStepForward(s)).toBe(true);
  });

  it("returns to the branch point at once with Back to game", () => {
    let s = lineReducer(at(3), { type: "play", move: play(fens[3] as string, "g8", "f6") });
    s = lineReducer(s, { type: "play", move: play(shownFen(s, fens), "h5", "e5") });
    s = lineReducer(s, { type: "backToGame" });
    expect(inVariation(s)).toBe(false);
    expect(s.ply).toBe(3);
  });

  it("leaves a variation for a move chosen in the list or the chart", () => {
    let s = lineReducer(at(3), { type: "play", move: play(fens[3] as string, "g8", "f6") });
    s = lineReducer(s, { type: "goto", ply: 6 });
    expect(inVariation(s)).toBe(false);
    expect(s.ply).toBe(6);
  });

  it("starts a variation from the last position of the game too", () => {
    const drawn = replayLine("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ["e4"]);
    let s = initialLine(["e4"]);
    s = lineReducer(s, { type: "play", move: play(drawn.fens[1] as string, "c7", "c5") });
    expect(movesToShown(s)).toEqual(["e4", "c5"]);
  });
});

describe("lineReducer: an engine line shown from a marked move", () => {
  // The engine's line after 3. Bc4 instead of 3...Nf6??: 3...g6 4. Qf3 Nf6.
  const line = playUciLine(fens[5] as string, ["g7g6", "h5f3", "g8f6"]);

  it("shows the line's first move, steps along the rest and back, and leaves it for the game", () => {
    let s = lineReducer(at(6), { type: "showLine", ply: 5, moves: line });
    expect(s.ply).toBe(5);
    expect(movesToShown(s).slice(-1)).toEqual(["g6"]);
    expect(canStepForward(s)).toBe(true);
    s = lineReducer(s, { type: "step", delta: 1 });
    s = lineReducer(s, { type: "step", delta: 1 });
    expect(movesToShown(s).slice(5)).toEqual(["g6", "Qf3", "Nf6"]);
    expect(canStepForward(s)).toBe(false);
    s = lineReducer(s, { type: "step", delta: -1 });
    expect(movesToShown(s).slice(5)).toEqual(["g6", "Qf3"]);
    expect(canStepForward(s)).toBe(true);
    s = lineReducer(s, { type: "step", delta: -1 });
    s = lineReducer(s, { type: "step", delta: -1 });
    expect(inVariation(s)).toBe(false);
    expect(s.ahead).toBeUndefined();
    expect(s.ply).toBe(5);
  });

  it("becomes the player's own variation when another move is played", () => {
    let s = lineReducer(at(6), { type: "showLine", ply: 5, moves: line });
    s = lineReducer(s, { type: "play", move: play(line[0]?.fen as string, "h5", "e2") });
    expect(s.ahead).toBeUndefined();
    expect(canStepForward(s)).toBe(false);
    expect(movesToShown(s).slice(5)).toEqual(["g6", "Qe2"]);
  });
});
