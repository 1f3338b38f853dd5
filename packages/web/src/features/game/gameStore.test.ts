import type { GameOver, GameStarted, GameUpdate } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { playMove, playSan } from "../board/index.ts";
import {
  canAbort,
  canMoveNow,
  canPremove,
  canProposeTakeback,
  clockTimes,
  liveLine,
  playerNames,
  shownPly,
  shownPosition,
  sideToMove,
} from "./gameSelectors.ts";
import {
  declinesMyDrawOffer,
  type GameAction,
  type GameState,
  GONE_NOTICE_DELAY_MS,
  gameReducer,
} from "./gameStore.ts";
import { gameSnapshot, START_FEN } from "./testGame.ts";

const START = START_FEN;
const T0 = 1_000_000;

function snapshot(change: Partial<GameStarted> = {}): GameStarted {
  return gameSnapshot({ firstMoveDeadline: T0 + 20_000, serverTime: T0, ...change });
}

/** The update the server sends after `san` is played on `state`'s live position. */
function updateAfter(state: GameState, san: string, change: Partial<GameUpdate> = {}): GameUpdate {
  const fen = state.history.at(-1)?.fen ?? state.initialFen;
  const played = playSan(fen, san);
  if (!played) throw new Error(`${san} cannot be played`);
  const ply = state.history.length + 1;
  return {
    gameId: state.gameId,
    fen: played.fen,
    currentTurn: played.fen.split(" ")[1] as "w" | "b",
    move: { from: played.from, to: played.to, san: played.san },
    timeLeft: { w: 300_000, b: 300_000 },
    ply,
    eventNo: state.eventNo + 1,
    clockRunning: ply >= 2,
    ...change,
  };
}

const run = (state: GameState | null, ...actions: GameAction[]) => actions.reduce(gameReducer, state);
const must = (state: GameState | null): GameState => {
  if (!state) throw new Error("no state");
  return state;
};
const start = (change: Partial<GameStarted> = {}, now = T0) =>
  must(gameReducer(null, { type: "snapshot", game: snapshot(change), now }));

/** Plays SAN moves through server updates. */
function play(state: GameState, sans: string[], now = T0): GameState {
  return sans.reduce((s, san) => must(gameReducer(s, { type: "update", update: updateAfter(s, san), now })), state);
}

describe("snapshot", () => {
  it("builds the game for a player", () => {
    const s = start();
    expect(s.myColor).toBe("w");
    expect(s.history).toEqual([]);
    expect(s.status).toBe("active");
    expect(s.result).toBeNull();
    expect(playerNames(s)).toEqual({ me: "alice", opponent: "bob" });
    expect(canMoveNow(s)).toBe(true);
    expect(canAbort(s)).toBe(true);
  });

  it("never offers to abort an arena's game: it is given up, from the first move", () => {
    const s = start({ tournament: { id: "t1", name: "Blitz Arena", berserkable: true } });
    expect(s.history).toEqual([]);
    expect(canAbort(s)).toBe(false);
  });

  it("replays the moves of a resync with the position and last move of each", () => {
    const s = start({ moves: ["e4", "e5", "Nf3"], ply: 3, currentTurn: "b", eventNo: 3 });
    expect(s.history.map((p) => p.san)).toEqual(["e4", "e5", "Nf3"]);
    expect(shownPosition(s).lastMove).toMatchObject({ from: "g1", to: "f3" });
    expect(shownPosition(s).fen).toBe("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
  });

  it("makes a spectator read-only with white and black as the names", () => {
    const s = start({ spectator: true, isWhite: true, opponent: "bob" });
    expect(s.myColor).toBeNull();
    expect(canMoveNow(s)).toBe(false);
    expect(canPremove(s)).toBe(false);
    expect(canAbort(s)).toBe(false);
    expect(playerNames(s)).toEqual({ me: "alice", opponent: "bob" });
  });

  it("plays black for isWhite false", () => {
    const s = start({ isWhite: false, opponent: "alice" });
    expect(s.myColor).toBe("b");
    expect(playerNames(s)).toEqual({ me: "bob", opponent: "alice" });
    expect(canMoveNow(s)).toBe(false);
    expect(canPremove(s)).toBe(true);
  });

  it("converts the first-move deadline to local time with the server's clock offset", () => {
    // The server's clock is 5 s behind ours.
    const s = start({ serverTime: T0 - 5_000, firstMoveDeadline: T0 + 15_000 });
    expect(s.serverOffset).toBe(5_000);
    expect(s.firstMoveDeadline).toBe(T0 + 20_000);
  });

  it("ignores an older snapshot and takes a newer one, keeping local view state", () => {
    let s = play(start(), ["e4", "e5"]);
    s = must(gameReducer(s, { type: "viewPly", ply: 1 }));
    const stale = run(s, { type: "snapshot", game: snapshot({ eventNo: 0 }), now: T0 });
    expect(stale).toBe(s);
    const newer = must(
      run(s, {
        type: "snapshot",
        game: snapshot({ moves: ["e4", "e5", "Nf3"], ply: 3, currentTurn: "b", eventNo: 3 }),
        now: T0,
      }),
    );
    expect(newer.history).toHaveLength(3);
    expect(newer.viewPly).toBe(1);
  });

  it.each<[string, Partial<GameStarted>, Partial<GameState>]>([
    ["the opponent's draw offer", { drawOfferBy: "b" }, { drawOffer: "fromOpponent" }],
    ["my own draw offer", { drawOfferBy: "w" }, { drawOffer: "fromMe" }],
    ["the opponent's takeback proposal", { takebackProposedBy: "b" }, { takeback: "fromOpponent" }],
    ["my own takeback proposal", { takebackProposedBy: "w" }, { takeback: "fromMe" }],
    ["an opponent who takes takebacks", { takesTakebacks: { w: false, b: true } }, { opponentTakesTakebacks: true }],
    ["an opponent who takes none", { takesTakebacks: { w: true, b: false } }, { opponentTakesTakebacks: false }],
    ["as a spectator, nobody to ask", { spectator: true }, { opponentTakesTakebacks: false }],
    [
      "the opponent gone, in local time",
      { opponentClaimableAt: T0 + 30_000, serverTime: T0 - 2_000 },
      { opponentGone: { showFrom: T0 + GONE_NOTICE_DELAY_MS, claimableAt: T0 + 32_000 } },
    ],
    [
      "a clock waiting for its player after a restart: runs from its start time",
      { clockRunning: false, clockStartsAt: T0 + 6_000, serverTime: T0 - 2_000 },
      { clock: { timeLeft: { w: 300_000, b: 300_000 }, running: true, at: T0 + 8_000 } },
    ],
    [
      "the opponent gone for a while: shown 5 s after they went",
      { opponentClaimableAt: T0 + 30_000, opponentGoneSince: T0 - 5_000, serverTime: T0 - 2_000 },
      { opponentGone: { showFrom: T0 + 2_000, claimableAt: T0 + 32_000 } },
    ],
    [
      "the opponent gone long enough to claim: shown at once",
      { opponentClaimableAt: T0 - 4_000, serverTime: T0 - 2_000 },
      { opponentGone: { showFrom: T0 - 2_000, claimableAt: T0 - 2_000 } },
    ],
    [
      "the opponent's rematch offer after the end",
      {
        status: "finished",
        winningColor: "white",
        reason: "resign",
        rematchOffer: { offerId: "r1", by: "B", mine: false },
      },
      { rematch: { kind: "received", offerId: "r1", by: "B" } },
    ],
    [
      "my rematch offer after the end",
      {
        status: "finished",
        winningColor: "white",
        reason: "resign",
        rematchOffer: { offerId: "r1", by: "A", mine: true },
      },
      { rematch: { kind: "sent", offerId: "r1" } },
    ],
  ])("a reloaded page shows %s from the snapshot", (_name, change, expected) => {
    expect(start(change)).toMatchObject(expected);
  });

  it("takes the server's word on offers over what it knew: an answered offer goes", () => {
    const offered = start({ drawOfferBy: "b", eventNo: 3 });
    const answered = must(gameReducer(offered, { type: "snapshot", game: snapshot({ eventNo: 4 }), now: T0 }));
    expect(answered.drawOffer).toBeNull();
  });

  it("ignores a snapshot of another game", () => {
    const s = start();
    expect(gameReducer(s, { type: "snapshot", game: snapshot({ gameId: "other", eventNo: 9 }), now: T0 })).toBe(s);
  });

  it("reads a finished game's result, with my rating change from the deltas", () => {
    const won = start({ status: "finished", winningColor: "white", reason: "checkmate" });
    expect(won.result).toEqual({ winningColor: "white", reason: "checkmate", winner: "alice", myEloChange: 10 });
    const lost = start({ status: "finished", winningColor: "white", reason: "resign", isWhite: false });
    expect(lost.result?.myEloChange).toBe(-10);
    const drawn = start({ status: "finished", winningColor: "draw", reason: "draw", rated: false });
    expect(drawn.result).toMatchObject({ winner: "draw", myEloChange: 0 });
    const aborted = start({ status: "aborted", reason: "abort" });
    expect(aborted.result).toMatchObject({ winningColor: "none", winner: "none", reason: "abort" });
    expect(aborted.firstMoveDeadline).toBeNull();
    const watched = start({ status: "finished", winningColor: "black", reason: "flag", spectator: true });
    expect(watched.result).toMatchObject({ winner: "bob", myEloChange: null });
  });
});

describe("updates", () => {
  it("applies moves in order with their clocks", () => {
    const s = play(start(), ["e4", "e5"], T0 + 1_000);
    expect(s.history.map((p) => p.san)).toEqual(["e4", "e5"]);
    expect(s.turn).toBe("w");
    expect(s.eventNo).toBe(2);
    expect(s.clock).toEqual({ timeLeft: { w: 300_000, b: 300_000 }, running: true, at: T0 + 1_000 });
    expect(canAbort(s)).toBe(false);
  });

  it("is idempotent by ply: a duplicate or late update changes nothing", () => {
    const s = start();
    const first = updateAfter(s, "e4");
    const once = must(gameReducer(s, { type: "update", update: first, now: T0 }));
    expect(gameReducer(once, { type: "update", update: first, now: T0 + 50 })).toBe(once);
    const twice = play(once, ["e5"]);
    expect(gameReducer(twice, { type: "update", update: first, now: T0 })).toBe(twice);
  });

  it("asks for a resync when a ply was skipped, without applying the later one", () => {
    const s = start();
    const afterE4 = play(s, ["e4"]);
    const skipped = updateAfter(afterE4, "e5");
    const next = must(gameReducer(s, { type: "update", update: skipped, now: T0 }));
    expect(next.history).toHaveLength(0);
    expect(next.needsResync).toBe(true);
    expect(must(gameReducer(next, { type: "resyncRequested" })).needsResync).toBe(false);
  });

  it("ignores updates of another game and after the end", () => {
    const s = start();
    const update = updateAfter(s, "e4");
    expect(gameReducer(s, { type: "update", update: { ...update, gameId: "x" }, now: T0 })).toBe(s);
    const over = must(
      gameReducer(s, {
        type: "gameOver",
        over: gameOver({ reason: "abort", winningColor: "none", winner: "none" }),
        now: T0,
      }),
    );
    expect(gameReducer(over, { type: "update", update, now: T0 })).toBe(over);
  });

  it("jumps back to the live position on a new move", () => {
    let s = play(start(), ["e4", "e5", "Nf3"]);
    s = must(gameReducer(s, { type: "step", delta: -1 }));
    expect(s.viewPly).toBe(2);
    s = play(s, ["Nc6"]);
    expect(s.viewPly).toBeNull();
    expect(shownPly(s)).toBe(4);
  });

  it("keeps the first-move deadline while it applies and drops it once the clocks run", () => {
    let s = start({ serverTime: T0 - 1_000 });
    const u = updateAfter(s, "e4", { firstMoveDeadline: T0 + 30_000 });
    s = must(gameReducer(s, { type: "update", update: u, now: T0 }));
    expect(s.firstMoveDeadline).toBe(T0 + 31_000);
    s = play(s, ["e5"]);
    expect(s.firstMoveDeadline).toBeNull();
  });
});

describe("my moves", () => {
  const e4 = () => {
    const m = playMove(START, { from: "e2", to: "e4" });
    if (!m) throw new Error("e4 is legal");
    return m;
  };

  it("shows my move at once, and the server's echo confirms it without doubling it", () => {
    const s = start();
    const sent = must(gameReducer(s, { type: "moveSent", ply: e4() }));
    expect(liveLine(sent).map((p) => p.san)).toEqual(["e4"]);
    expect(sideToMove(sent)).toBe("b");
    expect(canMoveNow(sent)).toBe(false);
    expect(canPremove(sent)).toBe(true);
    const confirmed = must(gameReducer(sent, { type: "update", update: updateAfter(s, "e4"), now: T0 }));
    expect(confirmed.pending).toBeNull();
    expect(liveLine(confirmed).map((p) => p.san)).toEqual(["e4"]);
  });

  it("takes a refused move back", () => {
    const sent = must(gameReducer(start(), { type: "moveSent", ply: e4() }));
    const refused = must(gameReducer(sent, { type: "moveFailed" }));
    expect(liveLine(refused)).toEqual([]);
    expect(canMoveNow(refused)).toBe(true);
  });

  it("does not send out of turn or while viewing history", () => {
    const black = start({ isWhite: false });
    expect(gameReducer(black, { type: "moveSent", ply: e4() })).toBe(black);
    const viewing = must(gameReducer(play(start(), ["e4", "e5"]), { type: "viewPly", ply: 0 }));
    expect(canMoveNow(viewing)).toBe(false);
  });

  it("keeps a pending move across a snapshot that does not have it yet", () => {
    const sent = must(gameReducer(start(), { type: "moveSent", ply: e4() }));
    const same = must(gameReducer(sent, { type: "snapshot", game: snapshot({ eventNo: 0 }), now: T0 }));
    expect(same.pending?.san).toBe("e4");
    const newer = must(
      gameReducer(sent, {
        type: "snapshot",
        game: snapshot({ moves: ["e4"], ply: 1, currentTurn: "b", eventNo: 1 }),
        now: T0,
      }),
    );
    expect(newer.pending).toBeNull();
    expect(liveLine(newer)).toHaveLength(1);
  });

  it("stores one premove and clears it on request", () => {
    const s = start({ isWhite: false });
    const pre = must(gameReducer(s, { type: "premoveSet", move: { from: "e7", to: "e5" } }));
    expect(pre.premove).toEqual({ from: "e7", to: "e5" });
    const replaced = must(gameReducer(pre, { type: "premoveSet", move: { from: "d7", to: "d5" } }));
    expect(replaced.premove).toEqual({ from: "d7", to: "d5" });
    expect(must(gameReducer(replaced, { type: "premoveCleared" })).premove).toBeNull();
    expect(gameReducer(s, { type: "premoveSet", move: { from: "e7", to: "e5" } })).not.toBe(s);
    const watcher = start({ spectator: true });
    expect(gameReducer(watcher, { type: "premoveSet", move: { from: "e7", to: "e5" } })).toBe(watcher);
  });
});

describe("history stepping", () => {
  it("steps back to the start and forward to live", () => {
    let s = play(start(), ["e4", "e5"]);
    s = must(run(s, { type: "step", delta: -1 }, { type: "step", delta: -1 }, { type: "step", delta: -1 }));
    expect(s.viewPly).toBe(0);
    expect(shownPosition(s)).toEqual({ fen: START, lastMove: null });
    s = must(run(s, { type: "step", delta: 1 }));
    expect(s.viewPly).toBe(1);
    expect(shownPosition(s).lastMove?.san).toBe("e4");
    s = must(run(s, { type: "step", delta: 1 }, { type: "step", delta: 1 }));
    expect(s.viewPly).toBeNull();
  });

  it("jumps to a ply, treating the live ply as live", () => {
    const s = play(start(), ["e4", "e5"]);
    expect(must(gameReducer(s, { type: "viewPly", ply: 1 })).viewPly).toBe(1);
    expect(must(gameReducer(s, { type: "viewPly", ply: 2 })).viewPly).toBeNull();
    expect(gameReducer(s, { type: "viewPly", ply: null })).toBe(s);
  });
});

describe("clocks", () => {
  it("stand still while the server cannot store moves, and run on from what it says once it can", () => {
    let s = play(start(), ["e4"], T0);
    s = must(
      gameReducer(s, {
        type: "update",
        update: updateAfter(s, "e5", { timeLeft: { w: 300_000, b: 299_000 }, clockRunning: true }),
        now: T0 + 1_000,
      }),
    );
    const held = { gameId: s.gameId, since: T0 + 2_000, timeLeft: { w: 299_000, b: 299_000 }, serverTime: T0 + 2_000 };
    s = must(gameReducer(s, { type: "clocksHeld", held, now: T0 + 2_000 }));
    expect(s.clocksHeld).toEqual({ since: T0 + 2_000 });
    expect(clockTimes(s, T0 + 20_000)).toEqual({ w: 299_000, b: 299_000 });
    const resumed = {
      gameId: s.gameId,
      heldMs: 18_000,
      timeLeft: { w: 299_000, b: 299_000 },
      clockRunning: true,
      serverTime: T0 + 20_000,
    };
    s = must(gameReducer(s, { type: "clocksResumed", resumed, now: T0 + 20_000 }));
    expect(s.clocksHeld).toBeNull();
    expect(clockTimes(s, T0 + 21_000)).toEqual({ w: 298_000, b: 299_000 });
    // Another game's news changes nothing here.
    expect(gameReducer(s, { type: "clocksHeld", held: { ...held, gameId: "other" }, now: T0 + 22_000 })).toBe(s);
  });

  it("stand still from a snapshot that says the clocks are held", () => {
    const s = start({ moves: ["e4", "e5"], ply: 2, clockRunning: true, clocksHeld: { since: T0 - 1_000 } });
    expect(s.clocksHeld).toEqual({ since: T0 - 1_000 });
    expect(s.clock.running).toBe(false);
  });

  it("runs only the side to move, only while running", () => {
    let s = start();
    expect(clockTimes(s, T0 + 5_000)).toEqual({ w: 300_000, b: 300_000 });
    s = play(s, ["e4"], T0);
    s = must(
      gameReducer(s, {
        type: "update",
        update: updateAfter(s, "e5", { timeLeft: { w: 300_000, b: 299_000 }, clockRunning: true }),
        now: T0 + 2_000,
      }),
    );
    expect(clockTimes(s, T0 + 2_000)).toEqual({ w: 300_000, b: 299_000 });
    expect(clockTimes(s, T0 + 3_500)).toEqual({ w: 298_500, b: 299_000 });
    // Resynced from each update's timeLeft, whatever the local count said.
    s = must(
      gameReducer(s, {
        type: "update",
        update: updateAfter(s, "Nf3", { timeLeft: { w: 297_000, b: 299_000 } }),
        now: T0 + 4_000,
      }),
    );
    expect(clockTimes(s, T0 + 5_000)).toEqual({ w: 297_000, b: 298_000 });
  });

  it("runs the side to move from when the server read the clocks, not from a late update's arrival", () => {
    // The server's clock is 5 s behind ours; the update was made at our T0 + 1 s and arrives 7 s late.
    let s = play(start({ serverTime: T0 - 5_000 }), ["e4"], T0);
    const late = updateAfter(s, "e5", {
      timeLeft: { w: 300_000, b: 299_000 },
      clockRunning: true,
      serverTime: T0 - 4_000,
    });
    s = must(gameReducer(s, { type: "update", update: late, now: T0 + 8_000 }));
    expect(clockTimes(s, T0 + 8_000)).toEqual({ w: 293_000, b: 299_000 });
    // An offset gone stale (the server's clock now reads later than ours would say): never ahead of now.
    const early = updateAfter(s, "Nf3", {
      timeLeft: { w: 293_000, b: 299_000 },
      clockRunning: true,
      serverTime: T0 + 60_000,
    });
    s = must(gameReducer(s, { type: "update", update: early, now: T0 + 9_000 }));
    expect(clockTimes(s, T0 + 10_000)).toEqual({ w: 293_000, b: 298_000 });
  });

  it("goes below zero for a flagged side (shown as 0:00.0) and stops at the end", () => {
    let s = play(start({ timeLeft: { w: 1_000, b: 1_000 } }), ["e4"], T0);
    s = must(
      gameReducer(s, {
        type: "update",
        update: updateAfter(s, "e5", { timeLeft: { w: 1_000, b: 1_000 } }),
        now: T0,
      }),
    );
    expect(clockTimes(s, T0 + 3_000).w).toBeLessThan(0);
    s = must(gameReducer(s, { type: "gameOver", over: gameOver({ timeLeft: { w: 0, b: 900 } }), now: T0 + 3_000 }));
    expect(clockTimes(s, T0 + 9_000)).toEqual({ w: 0, b: 900 });
  });
});

function gameOver(change: Partial<GameOver> = {}): GameOver {
  return {
    gameId: "g1",
    fen: START,
    winningColor: "black",
    move: null,
    reason: "flag",
    winner: "bob",
    timeLeft: { w: 0, b: 300_000 },
    eloChange: { w: -10, b: 10 },
    eventNo: 5,
    ...change,
  };
}

describe("game over", () => {
  it("finishes the game with the winner and my rating change, once", () => {
    const s = start();
    const over = must(gameReducer(s, { type: "gameOver", over: gameOver({ fen: START }), now: T0 }));
    expect(over.status).toBe("finished");
    expect(over.result).toEqual({
      winningColor: "black",
      reason: "flag",
      winner: "bob",
      myEloChange: -10,
      eloChange: { w: -10, b: 10 },
    });
    expect(canMoveNow(over)).toBe(false);
    expect(gameReducer(over, { type: "gameOver", over: gameOver({ winner: "x" }), now: T0 })).toBe(over);
  });

  it("marks an abort as aborted, clears premove, pending, offers and presence", () => {
    let s = start({ isWhite: false });
    s = must(
      run(
        s,
        { type: "premoveSet", move: { from: "e7", to: "e5" } },
        { type: "drawOffered", gameId: "g1" },
        { type: "presence", gameId: "g1", connected: false, claimableAt: T0 + 30_000, now: T0 },
      ),
    );
    const over = must(
      gameReducer(s, {
        type: "gameOver",
        over: gameOver({ reason: "abort", winningColor: "none", winner: "none", eloChange: { w: 0, b: 0 } }),
        now: T0,
      }),
    );
    expect(over.status).toBe("aborted");
    expect(over.result?.myEloChange).toBe(0);
    expect(over.premove).toBeNull();
    expect(over.drawOffer).toBeNull();
    expect(over.opponentGone).toBeNull();
  });

  it("asks for a resync when the final position was never received", () => {
    const s = play(start(), ["f3", "e5", "g4"]);
    const mated = updateAfter(s, "Qh4#");
    const over = must(
      gameReducer(s, {
        type: "gameOver",
        over: gameOver({ fen: mated.fen, reason: "checkmate", winner: "bob" }),
        now: T0,
      }),
    );
    expect(over.needsResync).toBe(true);
    const normal = must(gameReducer(s, { type: "update", update: mated, now: T0 }));
    const overNormally = must(
      gameReducer(normal, { type: "gameOver", over: gameOver({ fen: mated.fen, reason: "checkmate" }), now: T0 }),
    );
    expect(overNormally.needsResync).toBe(false);
  });
});

describe("draw offers", () => {
  it("shows the opponent's offer until I answer or move", () => {
    const s = start();
    const offered = must(gameReducer(s, { type: "drawOffered", gameId: "g1" }));
    expect(offered.drawOffer).toBe("fromOpponent");
    expect(must(gameReducer(offered, { type: "drawAnswered" })).drawOffer).toBeNull();
    expect(play(offered, ["e4"]).drawOffer).toBeNull();
    expect(gameReducer(s, { type: "drawOffered", gameId: "other" })).toBe(s);
  });

  it("keeps my offer until declined or the opponent moves", () => {
    const s = must(gameReducer(play(start(), ["e4", "e5"]), { type: "drawSent" }));
    expect(s.drawOffer).toBe("fromMe");
    expect(must(gameReducer(s, { type: "drawDeclined", gameId: "g1" })).drawOffer).toBeNull();
    const afterMine = play(s, ["Nf3"]);
    expect(afterMine.drawOffer).toBe("fromMe");
    expect(play(afterMine, ["Nc6"]).drawOffer).toBeNull();
  });

  describe("declinesMyDrawOffer: the opponent played on", () => {
    const offered = must(gameReducer(play(start(), ["e4", "e5"]), { type: "drawSent" }));
    const waiting = play(offered, ["Nf3"]);
    it.each<[string, GameState, (s: GameState) => GameUpdate, boolean]>([
      ["their next move, my offer waiting", waiting, (s) => updateAfter(s, "Nc6"), true],
      ["my own move", offered, (s) => updateAfter(s, "Nf3"), false],
      ["their move with no offer of mine", play(start(), ["e4"]), (s) => updateAfter(s, "e5"), false],
      ["a move already applied (an echo)", waiting, (s) => updateAfter(s, "Nc6", { ply: 3 }), false],
      ["a move of another game", waiting, (s) => updateAfter(s, "Nc6", { gameId: "other" }), false],
      ["a spectator's view", { ...waiting, myColor: null }, (s) => updateAfter(s, "Nc6"), false],
    ])("%s", (_, state, update, declines) => {
      expect(declinesMyDrawOffer(state, update(state))).toBe(declines);
    });
  });
});

describe("takeback proposals", () => {
  it("shows the opponent's proposal until I answer, anyone moves or the game ends", () => {
    const s = play(start(), ["e4", "e5"]);
    const asked = must(gameReducer(s, { type: "takebackProposed", gameId: "g1" }));
    expect(asked.takeback).toBe("fromOpponent");
    expect(must(gameReducer(asked, { type: "takebackAnswered" })).takeback).toBeNull();
    expect(play(asked, ["Nf3"]).takeback).toBeNull();
    expect(gameReducer(s, { type: "takebackProposed", gameId: "other" })).toBe(s);
    const over = must(
      gameReducer(asked, {
        type: "gameOver",
        over: {
          gameId: "g1",
          fen: asked.history.at(-1)?.fen ?? START,
          winningColor: "white",
          move: null,
          reason: "resign",
          winner: "A",
          timeLeft: { w: 1, b: 1 },
          eloChange: { w: 0, b: 0 },
          eventNo: 9,
        },
        now: T0,
      }),
    );
    expect(over.takeback).toBeNull();
  });

  it("keeps my proposal until declined or a move is played, and takes the server's word after a reload", () => {
    const mine = must(gameReducer(play(start(), ["e4", "e5"]), { type: "takebackSent" }));
    expect(mine.takeback).toBe("fromMe");
    expect(must(gameReducer(mine, { type: "takebackDeclined", gameId: "other" })).takeback).toBe("fromMe");
    expect(must(gameReducer(mine, { type: "takebackDeclined", gameId: "g1" })).takeback).toBeNull();
    expect(play(mine, ["Nf3"]).takeback).toBeNull();
    const answered = must(gameReducer(mine, { type: "snapshot", game: snapshot({ eventNo: 9 }), now: T0 }));
    expect(answered.takeback).toBeNull();
  });

  it.each<[string, string[], GameAction[], boolean]>([
    ["after my move and the reply", ["e4", "e5"], [], true],
    ["after my move alone", ["e4"], [], true],
    ["before my first move", [], [], false],
    ["with my proposal waiting", ["e4", "e5"], [{ type: "takebackSent" }], false],
    [
      "with the opponent's waiting (answered in its prompt)",
      ["e4", "e5"],
      [{ type: "takebackProposed", gameId: "g1" }],
      false,
    ],
  ])("may be proposed %s: %s", (_name, sans, actions, may) => {
    expect(canProposeTakeback(must(run(play(start(), sans), ...actions)))).toBe(may);
  });

  it("is never proposed to the computer, nor by a spectator", () => {
    const vsComputer = play(start({ opponent: "Stockfish level 3", black: "Stockfish level 3" }), ["e4", "e5"]);
    expect(canProposeTakeback(vsComputer)).toBe(false);
    expect(canProposeTakeback({ ...play(start(), ["e4", "e5"]), myColor: null })).toBe(false);
  });
});

describe("opponent presence", () => {
  it("starts a countdown in local time when the opponent's connection is lost, and ends it when they return", () => {
    const s = start({ serverTime: T0 - 2_000 });
    // Silent for 7 s by the server's clock when it noticed: gone long enough to be shown at once.
    const presence = { type: "presence", gameId: "g1", connected: false, claimableAt: T0 + 30_000, now: T0 } as const;
    const gone = must(gameReducer(s, { ...presence, since: T0 - 7_000 }));
    expect(gone.opponentGone).toEqual({ showFrom: T0, claimableAt: T0 + 32_000 });
    // Just gone: shown 5 s after they went.
    const justGone = must(gameReducer(s, { ...presence, since: T0 - 2_000 }));
    expect(justGone.opponentGone).toEqual({ showFrom: T0 + GONE_NOTICE_DELAY_MS, claimableAt: T0 + 32_000 });
    const back = must(gameReducer(gone, { type: "presence", gameId: "g1", connected: true, now: T0 + 1 }));
    expect(back.opponentGone).toBeNull();
  });

  it("without a time of departure, shows the absence a few seconds after it is learnt", () => {
    const s = start({ serverTime: T0 - 2_000 });
    const left = must(
      gameReducer(s, {
        type: "presence",
        gameId: "g1",
        connected: false,
        claimableAt: T0 + 8_000,
        left: true,
        now: T0,
      }),
    );
    expect(left.opponentGone).toEqual({ showFrom: T0 + GONE_NOTICE_DELAY_MS, claimableAt: T0 + 10_000 });
  });
});

describe("rematch", () => {
  const finished = () =>
    must(gameReducer(start(), { type: "gameOver", over: gameOver({ reason: "resign" }), now: T0 }));

  it("follows my offer: sent, then declined", () => {
    const sent = must(gameReducer(finished(), { type: "rematchSent", offerId: "r1" }));
    expect(sent.rematch).toEqual({ kind: "sent", offerId: "r1" });
    expect(gameReducer(sent, { type: "rematchDeclined", previousGameId: "other" })).toBe(sent);
    expect(must(gameReducer(sent, { type: "rematchDeclined", previousGameId: "g1" })).rematch).toEqual({
      kind: "declined",
    });
  });

  it("clears my offer once withdrawn from another of my tabs", () => {
    const sent = must(gameReducer(finished(), { type: "rematchSent", offerId: "r1" }));
    expect(gameReducer(sent, { type: "rematchCancelled", previousGameId: "other" })).toBe(sent);
    // The withdrawal of an older offer, arriving late, leaves the newer one out.
    expect(gameReducer(sent, { type: "rematchCancelled", previousGameId: "g1", offerId: "r0" })).toBe(sent);
    expect(must(gameReducer(sent, { type: "rematchCancelled", previousGameId: "g1" })).rematch).toEqual({
      kind: "none",
    });
  });

  it("follows the opponent's offer: received, then withdrawn", () => {
    const received = must(
      gameReducer(finished(), { type: "rematchReceived", previousGameId: "g1", offerId: "r2", by: "bob" }),
    );
    expect(received.rematch).toEqual({ kind: "received", offerId: "r2", by: "bob" });
    expect(must(gameReducer(received, { type: "rematchCancelled", previousGameId: "g1" })).rematch.kind).toBe(
      "cancelled",
    );
    expect(must(gameReducer(received, { type: "rematchCleared" })).rematch.kind).toBe("none");
  });
});
