import { describe, expect, it } from "vitest";
import { arenaLine, conditionLines, countdownText, ordinal, sheetMarks, startsInText } from "./arenaText.ts";
import { arenaSummary, standingRow } from "./testArena.ts";

describe("arenaText", () => {
  it.each([
    [0, "0:00"],
    [-5, "0:00"],
    [59_001, "1:00"],
    [4 * 60_000 + 5_000, "4:05"],
    [3_729_000, "1:02:09"],
  ])("countdownText(%i) is %s", (ms, text) => expect(countdownText(ms)).toBe(text));

  it("says the start coarsely in lists", () => {
    expect(startsInText(20_000)).toBe("in less than a minute");
    expect(startsInText(60_000)).toBe("in 1 minute");
    expect(startsInText(3 * 3_600_000)).toBe("in 3 hours");
    expect(startsInText(4 * 86_400_000)).toBe("in 4 days");
  });

  it("describes an arena and who may join it", () => {
    expect(arenaLine(arenaSummary())).toBe("Blitz 3+2 · Rated · Standard · 45 min");
    const js = arenaSummary({ variant: "jumpstart", jumpstart: { stage: "mid", balance: "uphill" }, rated: false });
    expect(arenaLine(js)).toBe("Blitz 3+2 · Casual · Jumpstart · Middlegame, Uphill battle · 45 min");
    const club = arenaSummary({ conditions: { clubId: 4, minRatedGames: 10, minRating: 1200, maxRating: 1800 } });
    expect(conditionLines(club, "Knights")).toEqual([
      "Members of Knights only",
      "At least 10 rated Blitz games",
      "Rating 1200–1800",
    ]);
    expect(conditionLines(arenaSummary(), null)).toEqual([]);
  });

  it("marks fire and berserk on a sheet, with the rule behind each score", () => {
    const marks = sheetMarks(standingRow().sheet);
    expect(marks.map((m) => [m.points, m.fire, m.berserk])).toEqual([
      [2, false, false],
      [2, false, false],
      [5, true, true],
      [0, false, false],
      [1, false, false],
    ]);
    expect(marks[2]?.text).toBe(
      "Win on fire (after two wins in a row): 4 points · Berserk win of 14 plies or more: 1 more point",
    );
    expect(marks[3]?.text).toBe("Draw in fewer than 20 plies: no points");
  });

  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [11, "11th"],
    [22, "22nd"],
  ])("ordinal(%i) is %s", (n, text) => expect(ordinal(n)).toBe(text));
});
