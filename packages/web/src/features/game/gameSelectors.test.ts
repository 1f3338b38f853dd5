import { describe, expect, it } from "vitest";
import { canTakeBack, playsComputer } from "./gameSelectors.ts";
import { gameFromSnapshot } from "./gameStore.ts";
import { gameSnapshot } from "./testGame.ts";

const vsComputer = (moves: string[], isWhite = true, change = {}) =>
  gameFromSnapshot(
    gameSnapshot({
      isWhite,
      white: isWhite ? "alice" : "Stockfish level 3",
      black: isWhite ? "Stockfish level 3" : "alice",
      opponent: "Stockfish level 3",
      rated: false,
      moves,
      ply: moves.length,
      currentTurn: moves.length % 2 === 0 ? "w" : "b",
      ...change,
    }),
    0,
  );

describe("takebacks against the computer", () => {
  it.each([
    // my colour, moves, allowed
    [true, [], false],
    [true, ["e4"], true], // the computer is thinking: my move alone
    [true, ["e4", "e5"], true],
    [false, ["e4"], false], // I have not moved yet
    [false, ["e4", "e5"], true],
  ] as const)("as %s after %j: %s", (isWhite, moves, allowed) => {
    expect(canTakeBack(vsComputer([...moves], isWhite))).toBe(allowed);
  });

  it("is not offered in a game between people, nor in a game that is over", () => {
    const human = gameFromSnapshot(gameSnapshot({ moves: ["e4", "e5"], ply: 2 }), 0);
    expect(playsComputer(human)).toBe(false);
    expect(canTakeBack(human)).toBe(false);
    expect(canTakeBack(vsComputer(["e4", "e5"], true, { status: "finished" }))).toBe(false);
  });
});
