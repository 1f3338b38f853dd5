import { describe, expect, it } from "vitest";
import { type ArenaGame, scoreSheet } from "./arenaScoring.ts";

/** "W30" a win of 30 plies, "D19" a draw, "L40" a loss; a trailing "b": the player berserked. */
function games(sheet: string): ArenaGame[] {
  return sheet
    .split(" ")
    .filter(Boolean)
    .map((g) => {
      const m = /^([WDL])(\d+)(b?)$/.exec(g);
      if (!m) throw new Error(`bad game ${g}`);
      const outcome = m[1] === "W" ? "win" : m[1] === "D" ? "draw" : "loss";
      return { outcome, plies: Number(m[2]), berserk: m[3] === "b" };
    });
}

// Sheets computed by hand from the rules (docs REFERENCE "Arena tournaments").
const ROWS: Array<{
  name: string;
  sheet: string;
  streaks?: boolean;
  points: number[];
  rules?: string[];
  fire?: boolean;
}> = [
  { name: "nothing played", sheet: "", points: [], fire: false },
  { name: "win 2, draw 1, loss 0", sheet: "W40 D30 L50", points: [2, 1, 0], rules: ["win", "draw", "loss"] },
  {
    name: "two wins set a player on fire; a loss puts it out",
    sheet: "W40 W40 W40 W40 L30 W40",
    points: [2, 2, 4, 4, 0, 2],
    rules: ["win", "win", "winOnFire", "winOnFire", "loss", "win"],
    fire: false,
  },
  { name: "on fire after the last two wins", sheet: "L30 W40 W40", points: [0, 2, 2], fire: true },
  {
    name: "a draw on fire counts 2 and ends the streak",
    sheet: "W40 W40 D30 W40",
    points: [2, 2, 2, 2],
    rules: ["win", "win", "drawOnFire", "win"],
  },
  // chess.com gives 2, 3, 4, 4 (13): the second win in a row is not worth more here.
  { name: "chess.com's streak rule is not ours", sheet: "W40 W40 W40 W40", points: [2, 2, 4, 4] },
  { name: "streaks off: every win 2", sheet: "W40 W40 W40 W40", streaks: false, points: [2, 2, 2, 2], fire: false },
  { name: "streaks off: a draw after wins 1", sheet: "W40 W40 D30", streaks: false, points: [2, 2, 1] },
  { name: "berserk win: +1", sheet: "W30b", points: [3] },
  { name: "berserk win of 13 plies: no bonus", sheet: "W13b", points: [2], rules: ["win"] },
  { name: "berserk win of exactly 14 plies: the bonus", sheet: "W14b", points: [3] },
  { name: "berserk win on fire: 4 + 1", sheet: "W40 W40 W20b", points: [2, 2, 5], rules: ["win", "win", "winOnFire"] },
  { name: "berserk draw and loss: no bonus", sheet: "D30b L30b", points: [1, 0] },
  { name: "a draw of 19 plies scores nothing", sheet: "D19", points: [0], rules: ["quickDraw"] },
  { name: "a draw of 20 plies scores", sheet: "D20", points: [1], rules: ["draw"] },
  {
    name: "a quick draw on fire scores nothing and ends the streak",
    sheet: "W40 W40 D10 W40",
    points: [2, 2, 0, 2],
    rules: ["win", "win", "quickDraw", "win"],
  },
  { name: "a draw after a draw scores nothing", sheet: "D30 D30", points: [1, 0], rules: ["draw", "drawStreak"] },
  { name: "a loss between does not reset the draw rule", sheet: "D30 L40 D30", points: [1, 0, 0] },
  { name: "a win resets it", sheet: "D30 W40 D30", points: [1, 2, 1] },
  { name: "a draw of 60 plies after a draw scores", sheet: "D30 D60", points: [1, 1], rules: ["draw", "draw"] },
  { name: "59 plies is not long enough", sheet: "D30 D59", points: [1, 0] },
  { name: "a long draw keeps the rule for the next", sheet: "D30 D60 D30", points: [1, 1, 0] },
  {
    name: "a quick draw counts as the first draw",
    sheet: "D10 D30",
    points: [0, 0],
    rules: ["quickDraw", "drawStreak"],
  },
  {
    name: "a whole evening",
    sheet: "W50 W33b D24 D21 L70 W12b W40 W40b D80 D40 W60",
    // win 2, win 2, on fire draw 2, draw after draw 0, loss 0, win (12 plies: no bonus) 2, win 2,
    // on fire berserk win 4+1, on fire draw 2, draw after draw 0, win 2
    points: [2, 3, 2, 0, 0, 2, 2, 5, 2, 0, 2],
    fire: false,
  },
];

describe("arena scoring", () => {
  it.each(ROWS)("$name", ({ sheet, streaks, points, rules, fire }) => {
    const s = scoreSheet(games(sheet), { streaks: streaks ?? true });
    expect(s.scores.map((x) => x.points)).toEqual(points);
    expect(s.total).toBe(points.reduce((a, b) => a + b, 0));
    if (rules) expect(s.scores.map((x) => x.rule)).toEqual(rules);
    if (fire !== undefined) expect(s.onFire).toBe(fire);
  });

  it("marks the berserk point on the game that earned it", () => {
    const s = scoreSheet(games("W30b W13b W30"), { streaks: true });
    expect(s.scores.map((x) => x.berserkBonus)).toEqual([true, false, false]);
  });
});
