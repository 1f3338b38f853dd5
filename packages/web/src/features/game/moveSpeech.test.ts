import { describe, expect, it } from "vitest";
import { gameEndAnnouncement, moveAnnouncement, spokenClock, spokenSan } from "./moveSpeech.ts";

describe("spokenSan", () => {
  it.each([
    ["e4", undefined, "pawn to e4"],
    ["Nf3", undefined, "knight to f3"],
    ["Nxe5+", "p", "knight takes pawn on e5, check"],
    ["exd5", "p", "pawn takes pawn on d5"],
    ["exd6", undefined, "pawn takes on d6"],
    ["Nbd2", undefined, "knight from b to d2"],
    ["R1e2", undefined, "rook from 1 to e2"],
    ["Qh4xe1#", "r", "queen from h4 takes rook on e1, checkmate"],
    ["O-O", undefined, "castles kingside"],
    ["O-O-O+", undefined, "castles queenside, check"],
    ["e8=Q", undefined, "pawn to e8, promotes to queen"],
    ["bxa8=N#", "r", "pawn takes rook on a8, promotes to knight, checkmate"],
    ["??", undefined, "??"],
  ])("%s (%s) → %s", (san, captured, words) => {
    expect(spokenSan(san, captured)).toBe(words);
  });
});

describe("announcements", () => {
  it("names the side that moved", () => {
    expect(moveAnnouncement("b", "Nf6")).toBe("Black played knight to f6");
    expect(moveAnnouncement("w", "Qxf7#", "p")).toBe("White played queen takes pawn on f7, checkmate");
  });

  it("says who won and why", () => {
    const result = { winningColor: "black", reason: "checkmate", winner: "bob", myEloChange: 0 } as const;
    expect(gameEndAnnouncement(result)).toBe("Gameover! Winner is: bob. Checkmate.");
  });

  it.each([
    [299_900, "4 minutes 59 seconds"],
    [60_000, "1 minute 0 seconds"],
    [1_500, "1 second"],
    [0, "0 seconds"],
    [-5, "0 seconds"],
  ])("%d ms → %s", (ms, words) => {
    expect(spokenClock(ms)).toBe(words);
  });
});
