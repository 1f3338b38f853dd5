import { DAY_MS, NO_ELO_CHANGE, START_FEN } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { type DailyRound, dueEnd, endingGame, playDailyMove, replayMoves, resignation } from "./dailyRound.ts";

const T = Date.UTC(2026, 0, 10);

function round(uciMoves: string[] = [], over: Partial<DailyRound> = {}): DailyRound {
  return {
    id: "g",
    variant: "standard",
    rated: true,
    clubId: null,
    initialFen: START_FEN,
    startEval: null,
    players: { w: { sessionId: "daily:1", userId: 1, name: "W" }, b: { sessionId: "daily:2", userId: 2, name: "B" } },
    elo: { w: 1200, b: 1200 },
    deltas: { w: NO_ELO_CHANGE, b: NO_ELO_CHANGE },
    epoch: 0,
    status: "active",
    result: null,
    days: 3,
    clock: { days: 3, deadline: T + 3 * DAY_MS, pausedLeftMs: null },
    alarmAt: null,
    drawOfferBy: null,
    conditionals: { w: [], b: [] },
    noShowLoses: false,
    ledgers: { w: undefined, b: undefined },
    board: replayMoves("g", START_FEN, uciMoves),
    ply: uciMoves.length,
    sanMoves: [],
    uciMoves,
    ...over,
  };
}

const move = (uci: string) => ({ from: uci.slice(0, 2), to: uci.slice(2, 4) });
const nobodyAway = () => false;

describe("playDailyMove", () => {
  it.each([
    ["a move out of turn", round(), "b" as const, "e7e5", undefined, "not_your_turn"],
    ["a move for another ply", round(), "w" as const, "e2e4", 3, "resync"],
    ["an illegal move", round(), "w" as const, "e2e5", undefined, "illegal"],
    [
      "a move after the deadline",
      round([], { clock: { days: 3, deadline: T - 1, pausedLeftMs: null } }),
      "w" as const,
      "e2e4",
      undefined,
      "flagged",
    ],
    ["a move in a game over", round([], { status: "finished" }), "w" as const, "e2e4", undefined, "over"],
  ])("refuses %s", (_what, r, color, uci, ply, code) => {
    expect(playDailyMove(r, color, move(uci), ply, T, nobodyAway)).toMatchObject({ ok: false, code });
  });

  it("gives the next side a full allowance, paused while its player is on vacation", () => {
    const played = playDailyMove(round(), "w", move("e2e4"), 0, T, nobodyAway);
    expect(played).toMatchObject({ ok: true, fromPly: 0, clock: { deadline: T + 3 * DAY_MS }, end: null });
    const away = playDailyMove(round(), "w", move("e2e4"), 0, T, (c) => c === "b");
    expect(away).toMatchObject({ ok: true, clock: { deadline: null, pausedLeftMs: 3 * DAY_MS }, alarmAt: null });
  });

  it("plays the opponent's conditional answer and keeps what follows of the matching line", () => {
    const r = round([], {
      conditionals: {
        w: [],
        b: [
          ["e2e4", "e7e5", "g1f3", "b8c6"],
          ["d2d4", "d7d5"],
        ],
      },
    });
    const played = playDailyMove(r, "w", move("e2e4"), undefined, T, nobodyAway);
    if (!played.ok) throw new Error(played.message);
    expect(played.plies.map((p) => [p.uci, p.conditional, p.ply])).toEqual([
      ["e2e4", false, 1],
      ["e7e5", true, 2],
    ]);
    expect(played.conditionals).toEqual({ w: [], b: [["g1f3", "b8c6"]] });
  });

  it("ends the game on mate with its deadline now, for the sweeper should the end not be written", () => {
    const played = playDailyMove(round(["f2f3", "e7e5", "g2g4"]), "b", move("d8h4"), 3, T, nobodyAway);
    expect(played).toMatchObject({
      ok: true,
      end: { winningColor: "black", reason: "checkmate" },
      clock: { deadline: T },
      alarmAt: null,
    });
  });
});

describe("dueEnd and resignation", () => {
  it("flags the side to move once both moved, aborts before, and reads an end the position holds", () => {
    const late = { clock: { days: 3 as const, deadline: T - 1, pausedLeftMs: null } };
    expect(dueEnd(round(["e2e4", "e7e5"], late), T)).toEqual({ winningColor: "black", reason: "flag" });
    expect(dueEnd(round(["e2e4"], late), T)).toEqual({ winningColor: "none", reason: "abort" });
    expect(dueEnd(round(["e2e4", "e7e5"]), T)).toBeUndefined();
    expect(dueEnd(round(["f2f3", "e7e5", "g2g4", "d8h4"]), T)).toEqual({ winningColor: "black", reason: "checkmate" });
    expect(resignation(round(["e2e4", "e7e5"]), "w")).toEqual({ winningColor: "black", reason: "resign" });
    expect(resignation(round(["e2e4"]), "b")).toEqual({ winningColor: "none", reason: "abort" });
    // A club match game is never aborted: who never moves, or resigns before moving, loses it.
    const match = { ...late, noShowLoses: true };
    expect(dueEnd(round([], match), T)).toEqual({ winningColor: "black", reason: "flag" });
    expect(dueEnd(round(["e2e4"], match), T)).toEqual({ winningColor: "white", reason: "flag" });
    expect(resignation(round(["e2e4"], { noShowLoses: true }), "b")).toEqual({
      winningColor: "white",
      reason: "resign",
    });
    expect(resignation(round([], { noShowLoses: true }), "w")).toEqual({ winningColor: "black", reason: "resign" });
  });

  it("hands the finisher the game at the ply it was read, as daily", () => {
    expect(endingGame(round(["e2e4"]))).toMatchObject({ timeClass: "daily", storedPly: 1, ply: 1, epoch: 0 });
  });
});
