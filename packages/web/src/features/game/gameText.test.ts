import { describe, expect, it } from "vitest";
import {
  endedElsewhereText,
  endReasonText,
  gameOverHeadline,
  gameScore,
  gameTypeLabel,
  newRatingLines,
  ratingChangeText,
  resultLine,
  resumedText,
} from "./gameText.ts";
import { liveGame } from "./testGame.ts";

describe("gameTypeLabel", () => {
  it("names speed, time control and whether it is rated", () => {
    expect(gameTypeLabel({ timeClass: "blitz", baseTime: 5, increment: 3, rated: true })).toBe("Blitz 5+3 · Rated");
    expect(gameTypeLabel({ timeClass: "bullet", baseTime: 0.5, increment: 0, rated: false })).toBe(
      "Bullet ½+0 · Casual",
    );
    expect(gameTypeLabel({ variant: "fun", timeClass: "blitz", baseTime: 3, increment: 2, rated: true })).toBe(
      "Chess960 · Blitz 3+2 · Rated",
    );
    expect(gameTypeLabel({ variant: "jumpstart", timeClass: "rapid", baseTime: 10, increment: 0, rated: true })).toBe(
      "Jumpstart · Rapid 10+0 · Rated",
    );
    expect(gameTypeLabel({ variant: "standard", timeClass: "blitz", baseTime: 3, increment: 2, rated: true })).toBe(
      "Blitz 3+2 · Rated",
    );
    expect(gameTypeLabel({ timeClass: "classical", baseTime: 0, increment: 0, rated: false, untimed: true })).toBe(
      "Unlimited · Casual",
    );
  });
});

describe("game over texts", () => {
  const result = { winningColor: "black", reason: "checkmate", winner: "Guest-1234", myEloChange: 0 } as const;

  it("names the winner, or the draw, as SPEC §2 words it", () => {
    expect(gameOverHeadline(result)).toBe("Gameover! Winner is: Guest-1234");
    expect(gameOverHeadline({ ...result, winningColor: "draw", winner: "draw", reason: "stalemate" })).toBe(
      "Gameover! Winner is: draw",
    );
  });

  it("says when the game was aborted, and why without saying it twice", () => {
    const aborted = { ...result, winningColor: "none" as const, winner: "none", reason: "abort" as const };
    expect(gameOverHeadline(aborted)).toBe("Gameover! The game was aborted");
    expect(endReasonText(aborted)).toBe("Ended before both sides had moved");
  });

  it("states my rating change, or that the game was casual", () => {
    expect(ratingChangeText({ ...result, myEloChange: 9 }, true, false)).toBe("Your rating: +9");
    expect(ratingChangeText({ ...result, myEloChange: -9 }, true, false)).toBe("Your rating: \u22129");
    expect(ratingChangeText(result, false, false)).toBe("Casual game - not rated");
    expect(ratingChangeText({ ...result, myEloChange: null }, true, true)).toBeUndefined();
  });

  it("gives the new rating beside the change once it is known", () => {
    expect(ratingChangeText({ ...result, myEloChange: 20 }, true, false, 1520)).toBe("Your rating: 1520 (+20)");
    expect(ratingChangeText({ ...result, myEloChange: -7 }, true, false, 1493)).toBe("Your rating: 1493 (\u22127)");
    expect(ratingChangeText({ ...result, myEloChange: 20 }, false, false, 1500)).toBe("Casual game - not rated");
  });

  it.each([
    ["white", "checkmate", "1-0"],
    ["black", "resign", "0-1"],
    ["draw", "stalemate", "½-½"],
    ["none", "abort", undefined],
  ] as const)("scores a %s result by %s as %s", (winningColor, reason, score) => {
    expect(gameScore({ winningColor, reason })).toBe(score);
  });
});

describe("endReasonText", () => {
  const abandoned = { winningColor: "white", reason: "abandon", winner: "alice", myEloChange: null } as const;
  it.each([
    ["the player who stayed", abandoned, "w", "Opponent left the game"],
    ["the player who went", abandoned, "b", "You left the game"],
    ["a spectator", abandoned, null, "Game abandoned"],
    ["a draw claimed, to either player", { ...abandoned, winningColor: "draw", winner: "draw" }, "w", "Game abandoned"],
    ["any other end, to a player", { ...abandoned, reason: "checkmate" }, "b", "Checkmate"],
  ] as const)("an end as %s reads it", (_who, result, myColor, text) => {
    expect(endReasonText(result, myColor)).toBe(text);
  });
});

describe("endedElsewhereText", () => {
  it.each([
    [true, "white", "resign", "You won against bob (Resignation)"],
    [true, "black", "flag", "You lost against bob (Time out)"],
    [false, "black", "flag", "You won against bob (Time out)"],
    [true, "white", "abandon", "You won against bob (Opponent left the game)"],
    [true, "draw", "draw", "Draw against bob (Draw by agreement)"],
    [true, "none", "abort", "Your game against bob was aborted"],
  ] as const)("as White %s: %s by %s reads %s", (isWhite, winningColor, reason, text) => {
    expect(endedElsewhereText(liveGame({ isWhite }), { winningColor, reason })).toBe(text);
  });
});

describe("resumedText", () => {
  it.each([
    [14_200, "The server restarted - the 14 s it was away were not counted on the clocks"],
    [1_000, "The server restarted - the 1 s it was away was not counted on the clocks"],
    [120, "The server restarted - the 1 s it was away was not counted on the clocks"],
  ])("%i ms", (awayMs, text) => {
    expect(resumedText(awayMs)).toBe(text);
  });
});

describe("resultLine: the result as the move list ends with it", () => {
  it.each([
    [{ winningColor: "white", reason: "resign" }, "1-0 · Black resigned"],
    [{ winningColor: "black", reason: "resign" }, "0-1 · White resigned"],
    [{ winningColor: "white", reason: "checkmate" }, "1-0 · Checkmate"],
    [{ winningColor: "draw", reason: "threefold" }, "½-½ · Draw by repetition"],
    [{ winningColor: "draw", reason: "draw" }, "½-½ · Draw by agreement"],
    [{ winningColor: "draw", reason: "stalemate" }, "½-½ · Stalemate"],
    [{ winningColor: "black", reason: "flag" }, "0-1 · White ran out of time"],
    [{ winningColor: "draw", reason: "flag" }, "½-½ · Time out, no mating material left"],
    [{ winningColor: "white", reason: "abandon" }, "1-0 · Black left the game"],
    [{ winningColor: "none", reason: "abort" }, "Game aborted"],
  ] as const)("%o → %s", (result, text) => {
    expect(resultLine(result)).toBe(text);
  });
});

describe("newRatingLines: the new ratings in the game-over box", () => {
  const state = { white: "alice", black: "bob", ratings: { w: 1500, b: 1492 }, myColor: "w" as const };
  it("gives a player the opponent's new rating, a spectator both", () => {
    expect(newRatingLines(state, { eloChange: { w: 8, b: -8 } })).toEqual([{ name: "bob", rating: "1484 (\u22128)" }]);
    expect(newRatingLines({ ...state, myColor: null }, { eloChange: { w: -9, b: 9 } })).toEqual([
      { name: "alice", rating: "1491 (\u22129)" },
      { name: "bob", rating: "1501 (+9)" },
    ]);
  });

  it("says nothing of an unrated game or a guest", () => {
    expect(newRatingLines(state, {})).toEqual([]);
    expect(newRatingLines({ ...state, ratings: { w: 1500, b: null } }, { eloChange: { w: 0, b: 0 } })).toEqual([]);
  });
});
