import { type Color, newClock } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { type GameRound, GONE_LEFT_MS, IDLE_UNTIMED_MS, sanList } from "./gameRound.ts";
import { type Decision, decide, dueEnd, type RoundCommand } from "./roundCommands.ts";
import { testRound } from "./testRound.ts";

/** The round after `commands` by turns from `r` at `now`, each of which must be applied. */
function played(r: GameRound, commands: Array<[Color, RoundCommand, number]>): GameRound {
  for (const [color, command, now] of commands) {
    const d = decide(r, color, command, now);
    if (d.kind !== "applied") throw new Error(`not applied: ${JSON.stringify(d)}`);
    r = d.next;
  }
  return r;
}

const move = (from: string, to: string): RoundCommand => ({ type: "move", move: { from, to } });

/** A round after 1. e4 e5 (ply 2, clocks running since 2 s), changed by `change`. */
function opened(change: Partial<GameRound> = {}): GameRound {
  const r = played(testRound({ firstMoveDeadline: 15_000 }), [
    ["w", move("e2", "e4"), 1_000],
    ["b", move("e7", "e5"), 2_000],
  ]);
  return { ...r, ...change };
}

/** What a round shows a player, to compare it before and after a decision. */
const seen = (r: GameRound) => ({
  fen: r.board.fen(),
  played: r.board.played,
  moves: sanList(r.sanMoves),
  ply: r.ply,
  eventNo: r.eventNo,
  status: r.status,
  clock: r.clock,
  lastMove: r.lastMove,
  drawOfferBy: r.drawOfferBy,
  lastDrawOfferPly: r.lastDrawOfferPly,
  takebackProposedBy: r.takebackProposedBy,
  lastTakebackProposalPly: r.lastTakebackProposalPly,
  firstMoveDeadline: r.firstMoveDeadline,
  idleDeadline: r.idleDeadline,
});

const events = (d: Decision) => (d.kind === "applied" ? d.events.map((e) => e.type) : d.kind);
const refusal = (d: Decision) => (d.kind === "refused" ? d.refusal.code : d.kind === "applied" ? d.refusal?.code : "");

describe("decide", () => {
  it.each<[string, () => GameRound, "w" | "b", RoundCommand, string[] | string, string | undefined]>([
    [
      "a legal move is played",
      () => opened(),
      "w",
      { type: "move", move: { from: "g1", to: "f3" } },
      ["moved"],
      undefined,
    ],
    [
      "a move out of turn is refused",
      () => opened(),
      "b",
      { type: "move", move: { from: "g8", to: "f6" } },
      "refused",
      "not_your_turn",
    ],
    [
      "a resend of the last move is a duplicate",
      () => opened(),
      "b",
      { type: "move", move: { from: "e7", to: "e5" }, ply: 1 },
      "duplicate",
      "",
    ],
    ["resigning after two plies loses", () => opened(), "w", { type: "resign" }, ["ended"], undefined],
    ["aborting after two plies is too late", () => opened(), "w", { type: "abort" }, "refused", "too_late"],
    [
      "an arena's game is never aborted by a player",
      () => testRound({ tournament: { id: "t1", name: "Blitz Arena", berserkable: true } }),
      "w",
      { type: "abort" },
      "refused",
      "tournament",
    ],
    ["a draw offer is made", () => opened(), "w", { type: "offerDraw" }, ["drawOffered"], undefined],
    [
      "a second draw offer waits for the answer",
      () => opened({ drawOfferBy: "w" }),
      "w",
      { type: "offerDraw" },
      "refused",
      "pending",
    ],
    [
      "offering back accepts the draw",
      () => opened({ drawOfferBy: "b" }),
      "w",
      { type: "offerDraw" },
      ["ended"],
      undefined,
    ],
    [
      "a draw offer too soon after the last is refused",
      () => opened({ lastDrawOfferPly: { w: 0, b: -100 } }),
      "w",
      { type: "offerDraw" },
      "refused",
      "too_soon",
    ],
    [
      "an offer is declined",
      () => opened({ drawOfferBy: "b" }),
      "w",
      { type: "declineDraw" },
      ["drawDeclined"],
      undefined,
    ],
    ["no offer, nothing to accept", () => opened(), "w", { type: "acceptDraw" }, "refused", "no_offer"],
    ["the opponent is here: no claim", () => opened(), "w", { type: "claimVictory" }, "refused", "not_gone"],
    [
      "the countdown is not over",
      () => opened({ goneSince: { w: null, b: 0 } }),
      "w",
      { type: "claimVictory" },
      "refused",
      "too_soon",
    ],
    [
      "a takeback on my turn takes my move and the reply",
      () => opened(),
      "w",
      { type: "takeback" },
      ["takenBack"],
      undefined,
    ],
    [
      "nothing to take back before a move",
      () => testRound(),
      "w",
      { type: "takeback" },
      "refused",
      "nothing_to_take_back",
    ],
    [
      "the opponent is gone long enough: the win",
      () => opened({ goneSince: { w: null, b: -60_000 } }),
      "w",
      { type: "claimVictory" },
      ["ended"],
      undefined,
    ],
    [
      "a closed tab: the win after GONE_LEFT_MS",
      () => opened({ goneSince: { w: null, b: 3_000 - GONE_LEFT_MS }, goneLeft: { w: false, b: true } }),
      "w",
      { type: "claimVictory" },
      ["ended"],
      undefined,
    ],
    [
      "a lost connection, as long ago: still too soon",
      () => opened({ goneSince: { w: null, b: 3_000 - GONE_LEFT_MS } }),
      "w",
      { type: "claimVictory" },
      "refused",
      "too_soon",
    ],
    ["the opponent is here: no draw to claim", () => opened(), "w", { type: "claimDraw" }, "refused", "not_gone"],
    [
      "a draw before the countdown is over",
      () => opened({ goneSince: { w: null, b: 0 } }),
      "w",
      { type: "claimDraw" },
      "refused",
      "too_soon",
    ],
    [
      "the opponent is gone long enough: a draw if asked",
      () => opened({ goneSince: { w: null, b: -60_000 } }),
      "w",
      { type: "claimDraw" },
      ["ended"],
      undefined,
    ],
    ["a takeback is proposed", () => opened(), "w", { type: "proposeTakeback" }, ["takebackProposed"], undefined],
    [
      "a second proposal waits for the answer",
      () => opened({ takebackProposedBy: "w" }),
      "w",
      { type: "proposeTakeback" },
      "refused",
      "pending",
    ],
    [
      "proposing back accepts the opponent's takeback",
      () => opened({ takebackProposedBy: "b" }),
      "w",
      { type: "proposeTakeback" },
      ["takenBack"],
      undefined,
    ],
    [
      "a takeback is not proposed again in the position it was declined in",
      () => opened({ lastTakebackProposalPly: { w: 2, b: -1 } }),
      "w",
      { type: "proposeTakeback" },
      "refused",
      "too_soon",
    ],
    [
      "nothing to propose before the first move",
      () => testRound(),
      "w",
      { type: "proposeTakeback" },
      "refused",
      "nothing_to_take_back",
    ],
    [
      "no takebacks in an arena's game, whatever the preferences",
      () => opened({ tournament: { id: "t1", name: "Blitz Arena", berserkable: true } }),
      "w",
      { type: "proposeTakeback" },
      "refused",
      "takebacks_off",
    ],
    [
      "an opponent who takes no takebacks is not asked",
      () => opened({ takesTakebacks: { w: true, b: false } }),
      "w",
      { type: "proposeTakeback" },
      "refused",
      "takebacks_off",
    ],
    [
      "a player who takes none may still ask one who does",
      () => opened({ takesTakebacks: { w: false, b: true } }),
      "w",
      { type: "proposeTakeback" },
      ["takebackProposed"],
      undefined,
    ],
    [
      "the computer is not asked",
      () => opened({ againstComputer: true }),
      "w",
      { type: "proposeTakeback" },
      "refused",
      "computer",
    ],
    [
      "a proposal accepted",
      () => opened({ takebackProposedBy: "b" }),
      "w",
      { type: "acceptTakeback" },
      ["takenBack"],
      undefined,
    ],
    [
      "no proposal to accept",
      () => opened({ takebackProposedBy: "w" }),
      "w",
      { type: "acceptTakeback" },
      "refused",
      "no_offer",
    ],
    [
      "a proposal declined",
      () => opened({ takebackProposedBy: "b" }),
      "w",
      { type: "declineTakeback" },
      ["takebackDeclined"],
      undefined,
    ],
    ["no proposal to decline", () => opened(), "w", { type: "declineTakeback" }, "refused", "no_offer"],
  ])("%s", (_name, make, color, command, expected, code) => {
    const round = make();
    const before = seen(round);
    const d = decide(round, color, command, 3_000);
    expect(events(d)).toEqual(expected);
    expect(refusal(d)).toBe(code);
    // Pure: whatever it decides, the round it decided on is as it was.
    expect(seen(round)).toEqual(before);
  });

  it.each([
    [0, 2, "9 moves"],
    [0, 19, "1 move"],
    [2, 3, "10 moves"],
  ])("a draw offer made at ply %i, refused at ply %i, says when the next may be made: %s", (at, now, wait) => {
    const round = opened({ lastDrawOfferPly: { w: at, b: -100 }, ply: now });
    const d = decide(round, "w", { type: "offerDraw" }, 5_000);
    expect(d).toMatchObject({
      kind: "refused",
      refusal: { code: "too_soon", message: `You offered a draw recently - you can offer another in ${wait}` },
    });
  });

  it("a mating move ends the game with the mover's win", () => {
    const r = played(testRound(), [
      ["w", move("f2", "f3"), 0],
      ["b", move("e7", "e5"), 0],
      ["w", move("g2", "g4"), 0],
    ]);
    const d = decide(r, "b", move("d8", "h4"), 0);
    expect(d.kind === "applied" && d.events).toEqual([
      expect.objectContaining({ type: "moved", uci: "d8h4" }),
      { type: "ended", result: { winningColor: "black", reason: "checkmate" } },
    ]);
    // The end is the publisher's to store: the next round is the position after the mate, still active.
    expect(d.kind === "applied" && { status: d.next.status, ply: d.next.ply }).toEqual({ status: "active", ply: 4 });
  });

  it.each<[string, Partial<GameRound>, Color, RoundCommand, Partial<ReturnType<typeof seen>>]>([
    ["a move", { drawOfferBy: "b" }, "w", move("g1", "f3"), { ply: 3, drawOfferBy: null, moves: ["e4", "e5", "Nf3"] }],
    ["a draw offer", {}, "w", { type: "offerDraw" }, { drawOfferBy: "w", lastDrawOfferPly: { w: 2, b: -100 } }],
    ["a declined draw", { drawOfferBy: "b" }, "w", { type: "declineDraw" }, { drawOfferBy: null }],
    [
      "a takeback proposal",
      {},
      "w",
      { type: "proposeTakeback" },
      { takebackProposedBy: "w", lastTakebackProposalPly: { w: 2, b: -1 } },
    ],
    [
      "a declined proposal",
      { takebackProposedBy: "b" },
      "w",
      { type: "declineTakeback" },
      { takebackProposedBy: null },
    ],
    ["an accepted proposal", { takebackProposedBy: "b" }, "w", { type: "acceptTakeback" }, { ply: 1, moves: ["e4"] }],
    ["resigning", {}, "w", { type: "resign" }, { ply: 2, status: "active" }],
  ])("%s: the next round shows it, the round decided on does not", (_name, change, color, command, shown) => {
    const round = opened(change);
    const before = seen(round);
    const d = decide(round, color, command, 3_000);
    if (d.kind !== "applied") throw new Error(`not applied: ${JSON.stringify(d)}`);
    expect(seen(d.next)).toMatchObject(shown);
    expect(seen(round)).toEqual(before);
    // Numbering is the publisher's.
    expect(d.next.eventNo).toBe(round.eventNo);
  });

  it.each<[string, "w" | "b", number, string]>([
    // After 1. e4 e5 with White to move: White proposed, so White's e4 and Black's reply go.
    ["the proposer is to move: their move and the reply go", "w", 0, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"],
    // Black proposed while White thinks: Black's e5 alone goes.
    [
      "the opponent is to move: the proposer's move alone goes",
      "b",
      1,
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b",
    ],
  ])("an accepted takeback: %s", (_name, proposer, ply, fen) => {
    const d = decide(
      opened({ takebackProposedBy: proposer, drawOfferBy: proposer }),
      proposer === "w" ? "b" : "w",
      { type: "acceptTakeback" },
      3_000,
    );
    if (d.kind !== "applied") throw new Error(`not applied: ${JSON.stringify(d)}`);
    expect(d.events).toEqual([{ type: "takenBack", plies: 2 - ply }]);
    const r = d.next;
    expect(r.ply).toBe(ply);
    expect(r.board.fen().split(" ").slice(0, 2).join(" ")).toBe(fen);
    expect({ takeback: r.takebackProposedBy, draw: r.drawOfferBy }).toEqual({ takeback: null, draw: null });
    // A new position: either side may propose in it.
    expect(r.lastTakebackProposalPly).toEqual({ w: -1, b: -1 });
  });

  it.each([
    [true, "Your opponent does not accept takebacks in rated games"],
    [false, "Your opponent does not accept takebacks"],
  ])("a proposal to a player who takes none, rated %s, says %s", (rated, message) => {
    const r = opened({ rated, takesTakebacks: { w: true, b: false } });
    expect(decide(r, "w", { type: "proposeTakeback" }, 3_000)).toEqual({
      kind: "refused",
      refusal: { code: "takebacks_off", message },
    });
    expect(r.takebackProposedBy).toBeNull();
  });

  it("a proposal lapses with the next move, or is declined", () => {
    const proposed = played(opened(), [["w", { type: "proposeTakeback" }, 3_000]]);
    expect(proposed.takebackProposedBy).toBe("w");
    expect(played(proposed, [["b", { type: "declineTakeback" }, 3_000]]).takebackProposedBy).toBeNull();
    expect(played(proposed, [["w", move("g1", "f3"), 3_000]]).takebackProposedBy).toBeNull();
  });

  it("a move after the mover's flag ends the game and is refused", () => {
    const r = opened();
    const d = decide(r, "w", { type: "move", move: { from: "g1", to: "f3" } }, 2_000 + 180_001);
    expect(events(d)).toEqual(["ended"]);
    expect(refusal(d)).toBe("flagged");
    expect(d.kind === "applied" && d.events[0]).toEqual({
      type: "ended",
      result: { winningColor: "black", reason: "flag" },
    });
  });
});

/** An untimed round after 1. e4 (at 1 s) e5 (at 2 s): White to move. */
function untimedOpened(): GameRound {
  return played(testRound({ untimed: true, baseMs: 0, timeClass: "classical" }), [
    ["w", move("e2", "e4"), 1_000],
    ["b", move("e7", "e5"), 2_000],
  ]);
}

describe("dueEnd", () => {
  it.each<[string, () => GameRound, number, unknown]>([
    ["nothing due", () => opened(), 3_000, undefined],
    ["the side to move flagged", () => opened(), 2_000 + 180_000, { winningColor: "black", reason: "flag" }],
    [
      "no first move in time",
      () => testRound({ firstMoveDeadline: 15_000 }),
      15_000,
      { winningColor: "none", reason: "abort" },
    ],
    ["a finished game has nothing due", () => opened({ status: "finished" }), 1e9, undefined],
    ["an untimed game five hours after 1. e4 e5 has nothing due", untimedOpened, 2_000 + 5 * 3_600_000, undefined],
    [
      "an untimed game whose side to move has not moved for 6 hours is abandoned: it loses",
      untimedOpened,
      2_000 + IDLE_UNTIMED_MS,
      { winningColor: "black", reason: "abandon" },
    ],
    [
      "an untimed game nobody moved in for 6 hours is aborted",
      () => testRound({ untimed: true, baseMs: 0, timeClass: "classical", idleDeadline: IDLE_UNTIMED_MS }),
      IDLE_UNTIMED_MS,
      { winningColor: "none", reason: "abort" },
    ],
  ])("%s", (_name, make, now, expected) => {
    expect(dueEnd(make(), now)).toEqual(expected);
  });
});

describe("berserk (arena games)", () => {
  const arena = {
    tournament: { id: "t1", name: "Blitz Arena", berserkable: true },
    incrementMs: 2_000,
    clock: { ...newClock(180_000, 2_000), turn: "w" as const },
  };

  it("halves the player's clock before their first move, and takes their increment away", () => {
    const r = played(testRound(arena), [
      ["w", move("e2", "e4"), 1_000],
      ["b", { type: "berserk" }, 1_500],
    ]);
    expect(r.clock.remaining.b).toBe(90_000);
    expect(r.berserk).toEqual({ w: false, b: true });
    const after = played(r, [
      ["b", move("e7", "e5"), 2_000],
      ["w", move("g1", "f3"), 3_000],
      ["b", move("b8", "c6"), 4_000],
    ]);
    // Black thought 1 s after the clock started and got no increment; White got theirs.
    expect(after.clock.remaining.b).toBe(89_000);
    expect(after.clock.remaining.w).toBe(180_000 - 1_000 + 2_000);
  });

  it("is refused after the first move, twice, outside arenas, and where the arena forbids it", () => {
    const moved = played(testRound(arena), [["w", move("e2", "e4"), 1_000]]);
    const code = (d: Decision) => (d.kind === "refused" ? d.refusal.code : d.kind);
    expect(code(decide(moved, "w", { type: "berserk" }, 1_100))).toBe("too_late");
    const once = played(moved, [["b", { type: "berserk" }, 1_200]]);
    expect(code(decide(once, "b", { type: "berserk" }, 1_300))).toBe("already");
    expect(code(decide(testRound(), "w", { type: "berserk" }, 0))).toBe("not_arena");
    const closed = testRound({ tournament: { id: "t1", name: "A", berserkable: false } });
    expect(code(decide(closed, "w", { type: "berserk" }, 0))).toBe("not_berserkable");
  });
});

describe("an arena's games are mandatory", () => {
  const arena = { tournament: { id: "t1", name: "Blitz Arena", berserkable: true } };
  it("giving one up before anyone moved loses it (elsewhere it aborts)", () => {
    const lost = decide(testRound(arena), "w", { type: "resign" }, 1_000);
    expect(lost).toMatchObject({
      kind: "applied",
      events: [{ type: "ended", result: { winningColor: "black", reason: "resign" } }],
    });
    const aborted = decide(testRound(), "w", { type: "resign" }, 1_000);
    expect(aborted).toMatchObject({
      kind: "applied",
      events: [{ type: "ended", result: { winningColor: "none", reason: "abort" } }],
    });
  });
});
