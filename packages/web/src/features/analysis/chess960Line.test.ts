import { describe, expect, it } from "vitest";
import { checkedKing, gameSummary, needsPromotion, playOn, replayGame } from "./analysisGame.ts";
import { bestLineText, pvToSan } from "./bestLine.ts";
import { buildPgn } from "./pgn.ts";
import { testGame } from "./testGame.ts";
import { linePlies } from "./verdict.ts";

// King b1, rooks a1 and h1 for both sides: O-O-O is a king step, so castles are king takes rook.
const NINE60 = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1";

describe("analysis of a Chess960 game", () => {
  it("replays its SAN, castles included, and stops at a move that does not apply", () => {
    const { fens, plies, invalid } = replayGame(NINE60, ["O-O", "O-O-O", "Rd4"]);
    expect(plies.map((p) => `${p.from}${p.to} ${p.san}`)).toEqual(["b1h1 O-O", "b8a8 O-O-O"]);
    expect(fens).toEqual([
      NINE60,
      "rk5r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b ha - 1 1",
      "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2",
    ]);
    expect(invalid).toBe("Rd4");
  });

  it("reads the engine's king-takes-rook castles in its lines", () => {
    expect(pvToSan(NINE60, ["b1a1", "b8h8", "e2e4"])).toEqual(["O-O-O", "O-O", "e4"]);
    expect(bestLineText(NINE60, ["b1h1"])).toBe("Best: 1. O-O");
    expect(linePlies(NINE60, ["b1h1", "b1a1"]).map((p) => p.san)).toEqual(["O-O"]);
  });

  it("plays a tried move on the analysis board, castles dragged onto the rook too", () => {
    expect(playOn(NINE60, { from: "b1", to: "a1" })?.san).toBe("O-O-O");
    expect(playOn(NINE60, { from: "b1", to: "d1" })).toBeUndefined();
    expect(needsPromotion(NINE60, "a2", "a3")).toBe(false);
    expect(checkedKing("1k6/8/8/8/8/8/8/R3K2r w A - 0 1")).toBe("e1");
  });

  it("is named Chess960 in the summary and the PGN", () => {
    const game = testGame({ variant: "fun", initialFen: NINE60, sans: ["O-O", "O-O-O"] });
    expect(gameSummary(game)).toContain("Chess960 Blitz 5+0");
    const pgn = buildPgn(game, { site: "https://chess.example" });
    expect(pgn).toContain('[Variant "Chess960"]');
    expect(pgn).toContain(`[FEN "${NINE60}"]`);
    expect(pgn).toContain("1. O-O O-O-O");
  });
});
