import { Board, type Color, type MoveInput, START_FEN } from "@chess/shared";
import { describe, expect, it } from "vitest";
import {
  claimableAt,
  clocksAt,
  colorOf,
  FIRST_MOVE_MS,
  firstMoveDeadlineAt,
  flaggedSide,
  flagResult,
  type GameRound,
  IDLE_UNTIMED_MS,
  idleDeadlineAt,
  playMove,
  resumedAfterHold,
  sanList,
  sanMovesOf,
  takeBack,
  takebackPlies,
  wentSilentAt,
} from "./gameRound.ts";
import { dueEnd } from "./roundCommands.ts";
import { testRound } from "./testRound.ts";

function round(fen?: string, baseMs = 60_000): GameRound {
  return testRound({
    fen,
    baseMs,
    timeClass: "bullet",
    players: { w: { sessionId: "sw", userId: null, name: "W" }, b: { sessionId: "sb", userId: 7, name: "B" } },
    firstMoveDeadline: 15_000,
  });
}

/** The round after `move`, which must be applied (the round it was played on is left as it was). */
function after(r: GameRound, color: Color, move: MoveInput, ply: number | undefined, now: number): GameRound {
  const out = playMove(r, color, move, ply, now);
  if (out.kind !== "applied") throw new Error(`not applied: ${JSON.stringify(out)}`);
  return out.next;
}

/** What a round shows a player: to compare a round before and after a command that must leave it as it was. */
const seen = (r: GameRound) => ({
  fen: r.board.fen(),
  played: r.board.played,
  moves: sanList(r.sanMoves),
  ply: r.ply,
  clock: r.clock,
  lastMove: r.lastMove,
  drawOfferBy: r.drawOfferBy,
  takebackProposedBy: r.takebackProposedBy,
  firstMoveDeadline: r.firstMoveDeadline,
  idleDeadline: r.idleDeadline,
  lastTakebackProposalPly: r.lastTakebackProposalPly,
});

describe("playMove", () => {
  it("gives the round after a legal move in turn, with the ply and the deadlines moved on", () => {
    const r = round();
    const out = playMove(r, "w", { from: "e2", to: "e4" }, 0, 1_000);
    expect(out).toMatchObject({ kind: "applied", move: { san: "e4" }, uci: "e2e4" });
    const one = after(r, "w", { from: "e2", to: "e4" }, 0, 1_000);
    expect({ ply: one.ply, moves: sanList(one.sanMoves), first: one.firstMoveDeadline }).toEqual({
      ply: 1,
      moves: ["e4"],
      first: 1_000 + 15_000,
    });
    expect(one.clock.runningSince).toBeNull();
    const two = after(one, "b", { from: "e7", to: "e5" }, 1, 2_000);
    expect(two.firstMoveDeadline).toBeNull();
    expect(two.clock.runningSince).toBe(2_000);
    expect(sanList(two.sanMoves)).toEqual(["e4", "e5"]);
    // The line is shared, not copied: the next round's moves end in the previous round's.
    expect(two.sanMoves?.before).toBe(one.sanMoves);
  });

  it("leaves the round it was played on as it was: board, moves, clock, offers and deadlines", () => {
    const r = { ...round(), drawOfferBy: "b" as const, takebackProposedBy: "b" as const };
    const before = seen(r);
    const next = after(r, "w", { from: "e2", to: "e4" }, 0, 500);
    expect({ draw: next.drawOfferBy, takeback: next.takebackProposedBy, ply: next.ply }).toEqual({
      draw: null,
      takeback: null,
      ply: 1,
    });
    expect(next.board).not.toBe(r.board);
    expect(seen(r)).toEqual(before);
  });

  it.each([
    ["out of turn", "b", { from: "e7", to: "e5" }, 0, "not_your_turn"],
    ["illegal", "w", { from: "e2", to: "e5" }, 0, "illegal"],
    ["wrong ply", "w", { from: "e2", to: "e4" }, 2, "resync"],
  ] as const)("rejects a move %s and changes nothing", (_name, color, move, ply, code) => {
    const r = round();
    const before = seen(r);
    expect(playMove(r, color, move, ply, 0)).toMatchObject({ kind: "rejected", code });
    expect(seen(r)).toEqual(before);
  });

  it("applies a move sent without a ply (the spec's payload) to the current position", () => {
    const one = after(round(), "w", { from: "e2", to: "e4" }, undefined, 0);
    const two = after(one, "b", { from: "e7", to: "e5" }, undefined, 0);
    expect(two.ply).toBe(2);
    // Without a ply a resend cannot be told from a new try: the side no longer to move is refused.
    expect(playMove(two, "b", { from: "e7", to: "e5" }, undefined, 0)).toMatchObject({ code: "not_your_turn" });
  });

  it("recognises a resend of the last move as a duplicate", () => {
    const r = after(round(), "w", { from: "e2", to: "e4" }, 0, 0);
    expect(playMove(r, "w", { from: "e2", to: "e4" }, 0, 0)).toEqual({ kind: "duplicate" });
    expect(playMove(r, "w", { from: "d2", to: "d4" }, 0, 0)).toMatchObject({ kind: "rejected", code: "not_your_turn" });
  });

  it("stores a promotion named for an ordinary move without it, and knows its resend", () => {
    const r = round();
    const out = playMove(r, "w", { from: "e2", to: "e4", promotion: "q" }, 0, 0);
    expect(out).toMatchObject({ kind: "applied", move: { san: "e4" }, uci: "e2e4" });
    expect(out.kind === "applied" && "promotion" in out.move).toBe(false);
    const next = after(r, "w", { from: "e2", to: "e4", promotion: "q" }, 0, 0);
    expect(playMove(next, "w", { from: "e2", to: "e4", promotion: "q" }, 0, 0)).toEqual({ kind: "duplicate" });
  });

  it("refuses a promotion without its piece", () => {
    const r = round("7k/P7/6K1/8/8/8/8/8 w - - 0 1");
    expect(playMove(r, "w", { from: "a7", to: "a8" }, 0, 0)).toMatchObject({ kind: "rejected", code: "illegal" });
  });

  it("reports checkmate and promotion", () => {
    const r = round("7k/P7/6K1/8/8/8/8/8 w - - 0 1");
    const out = playMove(r, "w", { from: "a7", to: "a8", promotion: "q" }, 0, 0);
    expect(out).toMatchObject({
      kind: "applied",
      move: { san: "a8=Q#", promotion: "q" },
      end: { reason: "checkmate" },
    });
  });

  it("flags a move made after the time ran out, leaving the round as it was", () => {
    let r = round(undefined, 5_000);
    r = after(r, "w", { from: "e2", to: "e4" }, 0, 0);
    r = after(r, "b", { from: "e7", to: "e5" }, 1, 0);
    expect(flaggedSide(r, 6_000)).toBe("w");
    const before = seen(r);
    expect(playMove(r, "w", { from: "d2", to: "d4" }, 2, 6_000)).toEqual({ kind: "flagged", loser: "w" });
    expect(seen(r)).toEqual(before);
    expect(sanList(r.sanMoves)).toEqual(["e4", "e5"]);
  });
});

describe("the moves in SAN", () => {
  it.each([[[]], [["e4"]], [["e4", "e5", "Nf3", "Nc6"]]])("make a line of %j and back", (moves) => {
    expect(sanList(sanMovesOf(moves))).toEqual(moves);
  });
});

describe("resumedAfterHold", () => {
  const running = (runningSince: number | null, first: number | null = null) =>
    testRound({ clock: { ...testRound().clock, runningSince, turn: "w" }, firstMoveDeadline: first });

  it.each<[string, GameRound, number, number, number | null]>([
    // The clock ran from 1 s; it stood still from 4 s to 10 s: at 10 s it has run 3 s, as at 4 s.
    ["a clock that ran before the hold: the hold is not counted", running(1_000), 4_000, 10_000, 7_000],
    ["a clock that started as the hold began runs from the return", running(5_000), 4_000, 10_000, 10_000],
    ["a stopped clock stays stopped", running(null), 4_000, 10_000, null],
    ["a clock that waits for its player past the return still waits", running(12_000), 4_000, 10_000, 12_000],
  ])("%s", (_name, r, since, t, runningSince) => {
    const next = resumedAfterHold(r, since, t);
    expect(next.clock.runningSince).toBe(runningSince);
    expect(next.clock.remaining).toEqual(r.clock.remaining);
    expect(clocksAt(next, t, undefined)).toEqual(clocksAt(r, t, since));
  });

  it("moves the first-move and idle deadlines on by the hold, no further than a whole limit from the return", () => {
    const r = { ...running(null, 20_000), idleDeadline: 50_000 };
    expect(resumedAfterHold(r, 4_000, 10_000)).toMatchObject({ firstMoveDeadline: 26_000, idleDeadline: 56_000 });
    const late = resumedAfterHold(running(null, 200_000), 4_000, 10_000);
    expect(late.firstMoveDeadline).toBe(10_000 + FIRST_MOVE_MS.blitz);
    expect(r.firstMoveDeadline).toBe(20_000);
  });
});

describe("flag results", () => {
  it.each([
    ["the side with a queen wins on time", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "b", "white"],
    ["lone king cannot win on time", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "w", "draw"],
    ["king and knight cannot win on time", "4k3/8/8/8/8/8/8/3NK3 b - - 0 1", "b", "draw"],
    ["king and two knights can", "4k3/8/8/8/8/8/8/2NNK3 b - - 0 1", "b", "white"],
  ] as const)("%s", (_name, fen, loser, winningColor) => {
    expect(flagResult(round(fen), loser).winningColor).toBe(winningColor);
  });
});

describe("colorOf", () => {
  it("matches accounts by user id and guests by session", () => {
    const r = round();
    expect(colorOf(r, { sessionId: "sw", userId: null })).toBe("w");
    expect(colorOf(r, { sessionId: "another-session", userId: 7 })).toBe("b");
    expect(colorOf(r, { sessionId: "sb", userId: null })).toBeUndefined();
  });
});

describe("claimableAt", () => {
  // REFERENCE.md: gone after 10 s when the tab was closed, else 40 s (×2 rapid, ×3 classical).
  it.each([
    ["nobody gone", null, false, "blitz", null],
    ["a closed tab, blitz", 1_000, true, "blitz", 11_000],
    ["a closed tab, classical", 1_000, true, "classical", 11_000],
    ["a lost connection, bullet", 1_000, false, "bullet", 41_000],
    ["a lost connection, blitz", 1_000, false, "blitz", 41_000],
    ["a lost connection, rapid", 1_000, false, "rapid", 81_000],
    ["a lost connection, classical", 1_000, false, "classical", 121_000],
  ] as const)("%s", (_name, since, left, timeClass, expected) => {
    const r = { ...round(), timeClass, goneSince: { w: null, b: since }, goneLeft: { w: false, b: left } };
    expect(claimableAt(r, "b")).toBe(expected);
    expect(claimableAt(r, "w")).toBeNull();
  });
});

describe("wentSilentAt", () => {
  // Noticed at 10 000 after 5 000 of silence; White to move.
  it.each([
    ["the side to move: the whole silence", "w", 4_000, 5_000],
    ["who moved long before: the whole silence", "b", 1_000, 5_000],
    ["who moved within the silence: from the move", "b", 8_000, 8_000],
    ["who moved, while their clock waits after a restart: never later than noticed", "b", 12_000, 10_000],
    ["before the clocks run: the whole silence", "b", null, 5_000],
  ] as const)("%s", (_name, color, runningSince, expected) => {
    const r = round();
    r.clock = { ...r.clock, turn: "w", runningSince };
    expect(wentSilentAt(r, color, 10_000, 5_000)).toBe(expected);
  });
});

describe("takebacks", () => {
  /** A round after `ucis` played one second apart from t = 1000 (clocks run after both first moves). */
  function played(ucis: string[]): GameRound {
    let r = round();
    for (const [i, u] of ucis.entries()) {
      r = after(r, r.board.turn(), { from: u.slice(0, 2), to: u.slice(2, 4) }, i, 1_000 * (i + 1));
    }
    return r;
  }

  it.each([
    // moves played, who asks, plies taken back
    [[], "w", 0],
    [["e2e4"], "w", 1], // Black has not answered: White's move alone
    [["e2e4"], "b", 0], // Black has no move yet
    [["e2e4", "e7e5"], "w", 2], // White's move and Black's reply
    [["e2e4", "e7e5"], "b", 1],
    [["e2e4", "e7e5", "g1f3"], "b", 2],
    [["e2e4", "e7e5", "g1f3"], "w", 1],
  ] as const)("after %j, %s takes back %i plies", (ucis, color, plies) => {
    expect(takebackPlies(played([...ucis]), color)).toBe(plies);
  });

  it("undoes the plies, keeps each side's time, and runs the mover's clock from now", () => {
    const four = played(["e2e4", "e7e5", "g1f3", "b8c6"]);
    const before = seen(four);
    // Black's last move at 4000: White's clock runs from then.
    const t = 6_500;
    const r = takeBack(four, 2, t);
    expect(seen(four)).toEqual(before);
    expect(r.ply).toBe(2);
    expect(sanList(r.sanMoves)).toEqual(["e4", "e5"]);
    const twoMoves = Board.fromFen(START_FEN);
    twoMoves.play({ from: "e2", to: "e4" });
    twoMoves.play({ from: "e7", to: "e5" });
    expect(r.board.fen()).toBe(twoMoves.fen());
    expect(r.board.turn()).toBe("w");
    expect(r.clock.turn).toBe("w");
    // White spent 1 s on Nf3 (2000 → 3000) and is charged 2.5 s of the running turn; Black spent 1 s on Nc6.
    expect(r.clock.remaining).toEqual({ w: 60_000 - 1_000 - 2_500, b: 60_000 - 1_000 });
    expect(r.clock.runningSince).toBe(t);
    expect(r.firstMoveDeadline).toBeNull();
    expect(r.lastMove).toBeNull();
    // The position plays on from there.
    expect(after(r, "w", { from: "f1", to: "c4" }, 2, 7_000).clock.remaining.w).toBe(60_000 - 1_000 - 2_500 - 500);
  });

  it("stops the clock and sets the first-move deadline again when a first move goes", () => {
    const r = takeBack({ ...played(["e2e4", "e7e5"]), drawOfferBy: "b" }, 1, 5_000);
    expect(r.ply).toBe(1);
    expect(r.clock.runningSince).toBeNull();
    expect(r.clock.turn).toBe("b");
    expect(r.firstMoveDeadline).toBe(5_000 + FIRST_MOVE_MS.bullet);
    expect(r.drawOfferBy).toBeNull();
    const none = takeBack(r, 1, 6_000);
    expect(none.ply).toBe(0);
    expect(none.sanMoves).toBeNull();
    expect(none.board.fen()).toBe(START_FEN);
    // White's clock ran from Black's first move (2000) to the first takeback (5000): that time stays spent.
    expect(none.clock.remaining).toEqual({ w: 57_000, b: 60_000 });
  });

  it("takes a first-move limit the server set for the round over its speed's", () => {
    const r = testRound({ firstMoveMs: 3_000 });
    expect(firstMoveDeadlineAt(r, 1_000)).toBe(4_000);
    expect(after(r, "w", { from: "e2", to: "e4" }, 0, 2_000).firstMoveDeadline).toBe(5_000);
  });
});

describe("an untimed round (against the computer)", () => {
  const untimed = () => testRound({ untimed: true, baseMs: 0, timeClass: "classical" });
  const DAY = 86_400_000;

  it("has no first-move deadline, before or after a move", () => {
    const r = untimed();
    expect(firstMoveDeadlineAt(r, 0)).toBeNull();
    expect(firstMoveDeadlineAt({ ...r, untimed: false }, 0)).toBe(FIRST_MOVE_MS.classical);
    expect(after(r, "w", { from: "e2", to: "e4" }, 0, 1_000).firstMoveDeadline).toBeNull();
  });

  it("never runs its clock: a move a day later stands, and nobody flags", () => {
    let r = untimed();
    const moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"];
    for (const [i, u] of moves.entries()) {
      r = after(r, r.board.turn(), { from: u.slice(0, 2), to: u.slice(2, 4) }, i, DAY * (i + 1));
      expect(r.clock.runningSince).toBeNull();
      expect(flaggedSide(r, DAY * (i + 2))).toBeUndefined();
    }
    expect(r.clock.remaining).toEqual({ w: 0, b: 0 });
  });

  it("keeps the clock stopped and sets no first-move deadline when moves are taken back", () => {
    let r = untimed();
    r = after(r, "w", { from: "e2", to: "e4" }, 0, 1_000);
    r = after(r, "b", { from: "e7", to: "e5" }, 1, 2_000);
    r = takeBack(r, 1, DAY);
    expect(r.ply).toBe(1);
    expect(r.clock.runningSince).toBeNull();
    expect(r.firstMoveDeadline).toBeNull();
    expect(r.idleDeadline).toBe(DAY + IDLE_UNTIMED_MS);
  });

  it("gives the side to move a new idle deadline with each move, and a timed game none", () => {
    let r = untimed();
    r = after(r, "w", { from: "e2", to: "e4" }, 0, 1_000);
    expect(r.idleDeadline).toBe(1_000 + IDLE_UNTIMED_MS);
    r = after(r, "b", { from: "e7", to: "e5" }, 1, 5_000);
    expect(r.idleDeadline).toBe(5_000 + IDLE_UNTIMED_MS);
    expect(after(round(), "w", { from: "e2", to: "e4" }, 0, 1_000).idleDeadline).toBeNull();
  });
});

describe("a timed round against the computer", () => {
  const vsComputer = () => testRound({ againstComputer: true, timeClass: "blitz", firstMoveDeadline: null });

  it("has no first-move deadline (lichess: only games between people expire) and an idle one instead", () => {
    const r = vsComputer();
    expect(firstMoveDeadlineAt(r, 0)).toBeNull();
    expect(idleDeadlineAt(r, 0)).toBe(IDLE_UNTIMED_MS);
    expect(dueEnd({ ...r, idleDeadline: idleDeadlineAt(r, 0) }, 35_000)).toBeUndefined();
  });

  it("hands over to the clock once both sides have moved: no idle deadline, a flag instead", () => {
    let r = vsComputer();
    r = after(r, "w", { from: "e2", to: "e4" }, 0, 1_000);
    expect(r.firstMoveDeadline).toBeNull();
    expect(r.idleDeadline).toBe(1_000 + IDLE_UNTIMED_MS);
    r = after(r, "b", { from: "e7", to: "e5" }, 1, 2_000);
    expect(r.clock.runningSince).toBe(2_000);
    expect(r.idleDeadline).toBeNull();
    expect(r.firstMoveDeadline).toBeNull();
  });

  it("aborts a game whose human never moved once its idle deadline passes", () => {
    const r = vsComputer();
    expect(dueEnd({ ...r, idleDeadline: idleDeadlineAt(r, 0) }, IDLE_UNTIMED_MS)).toEqual({
      winningColor: "none",
      reason: "abort",
    });
  });

  it("takes the idle deadline back up when a takeback stops the clock again", () => {
    let r = vsComputer();
    r = after(r, "w", { from: "e2", to: "e4" }, 0, 1_000);
    r = after(r, "b", { from: "e7", to: "e5" }, 1, 2_000);
    r = takeBack(r, 2, 3_000);
    expect(r.clock.runningSince).toBeNull();
    expect(r.firstMoveDeadline).toBeNull();
    expect(r.idleDeadline).toBe(3_000 + IDLE_UNTIMED_MS);
  });
});
