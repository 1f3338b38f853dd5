import { describe, expect, it } from "vitest";
import { moveEntryGame } from "./gameSelectors.ts";
import { type GameState, gameFromSnapshot } from "./gameStore.ts";
import { isMoveStartKey, type MoveEntryGame, parseMove, parsePremove, readMoveText, typedMove } from "./moveEntry.ts";
import { gameSnapshot } from "./testGame.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// 1. e4 d5: exd5 is on.
const SCANDI = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
// Both sides may castle either way; knights on b1 and f3 can both reach d2 once the bishop and queen moved.
const CASTLES = "r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 4 8";
const KNIGHTS_D2 = "rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RN1QKB1R w KQkq - 0 1";
// A white pawn on e7 with e8 free (the black king on h8); one on b7 that can take on a8 or c8 (rooks there).
const PROMOTE = "r1r4k/1P2P3/8/8/8/8/8/4K3 w - - 0 1";
// 1. f3 e5 2. g4: black to mate with Qh4#.
const FOOLS = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2";
// White in check from the bishop on b4.
const CHECKED = "rnbqk1nr/pppp1ppp/8/4p3/1b1P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 3";
// A white pawn on b3 and a white bishop on f1 (g2 moved): "bc4" is bxc4 when a piece stands on c4, else Bc4.
// 1. e4 with black to move: white premoves.
const AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
const B_FILE = "rnbqkbnr/pppppppp/8/8/2p5/1P4P1/P1PPPP1P/RNBQKB1R w KQkq - 0 1";

describe("parseMove", () => {
  it.each([
    // [position, typed, from, to, promotion, san]
    [START, "Nf3", "g1", "f3", undefined, "Nf3"],
    [START, "nf3", "g1", "f3", undefined, "Nf3"],
    [START, "e4", "e2", "e4", undefined, "e4"],
    [START, " e4 ", "e2", "e4", undefined, "e4"],
    [START, "g1f3", "g1", "f3", undefined, "Nf3"],
    [START, "G1F3", "g1", "f3", undefined, "Nf3"],
    [START, "Ng1-f3", "g1", "f3", undefined, "Nf3"],
    [START, "e2-e4", "e2", "e4", undefined, "e4"],
    [START, "Pe4", "e2", "e4", undefined, "e4"],
    [SCANDI, "exd5", "e4", "d5", undefined, "exd5"],
    [SCANDI, "ed5", "e4", "d5", undefined, "exd5"],
    [SCANDI, "e4d5", "e4", "d5", undefined, "exd5"],
    [CASTLES, "O-O", "e1", "g1", undefined, "O-O"],
    [CASTLES, "0-0", "e1", "g1", undefined, "O-O"],
    [CASTLES, "oo", "e1", "g1", undefined, "O-O"],
    [CASTLES, "O-O-O", "e1", "c1", undefined, "O-O-O"],
    [CASTLES, "0-0-0", "e1", "c1", undefined, "O-O-O"],
    [CASTLES, "e1g1", "e1", "g1", undefined, "O-O"],
    [KNIGHTS_D2, "Nbd2", "b1", "d2", undefined, "Nbd2"],
    [KNIGHTS_D2, "Nfd2", "f3", "d2", undefined, "Nfd2"],
    [KNIGHTS_D2, "b1d2", "b1", "d2", undefined, "Nbd2"],
    [PROMOTE, "e8=Q", "e7", "e8", "q", "e8=Q+"],
    [PROMOTE, "e8Q", "e7", "e8", "q", "e8=Q+"],
    [PROMOTE, "e8=n", "e7", "e8", "n", "e8=N"],
    [PROMOTE, "e7e8q", "e7", "e8", "q", "e8=Q+"],
    [PROMOTE, "e7e8r", "e7", "e8", "r", "e8=R+"],
    [PROMOTE, "bxa8=Q", "b7", "a8", "q", "bxa8=Q"],
    [FOOLS, "Qh4#", "d8", "h4", undefined, "Qh4#"],
    [FOOLS, "Qh4", "d8", "h4", undefined, "Qh4#"],
    [FOOLS, "qh4", "d8", "h4", undefined, "Qh4#"],
    [FOOLS, "Qxh4", "d8", "h4", undefined, "Qh4#"],
    [FOOLS, "d8h4", "d8", "h4", undefined, "Qh4#"],
    [B_FILE, "bxc4", "b3", "c4", undefined, "bxc4"],
    [B_FILE, "bc4", "b3", "c4", undefined, "bxc4"],
    [CHECKED, "c3", "c2", "c3", undefined, "c3"],
    [CHECKED, "Bd2", "c1", "d2", undefined, "Bd2"],
  ])("%s: %s is %s-%s", (fen, typed, from, to, promotion, san) => {
    const result = parseMove(fen, typed);
    expect(result).toEqual({ ok: true, move: { from, to, ...(promotion ? { promotion } : {}) }, san });
  });

  it.each([
    // [position, typed, error, part of the message]
    [START, "", "empty", "Type a move"],
    [START, "   ", "empty", "Type a move"],
    [START, "hello", "syntax", '"hello" is not a move'],
    [START, "Nf9", "syntax", "SAN (Nf3"],
    [START, "e5", "illegal", "e5 is not a legal move here."],
    [START, "Nf6", "illegal", "not a legal move"],
    [START, "O-O", "illegal", "not a legal move"],
    [START, "e2e5", "illegal", "not a legal move"],
    [START, "Bf1e2", "illegal", "not a legal move"],
    [KNIGHTS_D2, "Nd2", "ambiguous", "Nd2 is ambiguous: Nbd2 or Nfd2?"],
    [PROMOTE, "e8", "promotion", "Say which piece to promote to: e8=Q, e8=R, e8=B or e8=N."],
    [PROMOTE, "e7e8", "promotion", "e8=Q"],
    [PROMOTE, "bxa8", "promotion", "bxa8=Q"],
    [PROMOTE, "e8=K", "syntax", "is not a move"],
    [CHECKED, "Nf3", "illegal", "Nf3 is not a legal move here (your king is in check)."],
  ])("%s: %s is refused (%s)", (fen, typed, error, message) => {
    const result = parseMove(fen, typed);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBe(error);
    expect(result.message).toContain(message);
  });

  it("reads a leading b as a bishop when no pawn move fits", () => {
    const bishopOnly = "rnbqkbnr/pppppppp/8/8/8/6P1/PPPPPP1P/RNBQKBNR w KQkq - 0 1";
    expect(parseMove(bishopOnly, "bg2")).toMatchObject({ ok: true, san: "Bg2" });
    expect(parseMove(bishopOnly, "Bg2")).toMatchObject({ ok: true, san: "Bg2" });
  });
});

describe("parsePremove", () => {
  it.each([
    [AFTER_E4, "Nf3", "g1", "f3", undefined],
    [AFTER_E4, "d4", "d2", "d4", undefined],
    [AFTER_E4, "Bc4", "f1", "c4", undefined],
    // d5 is empty now; black may play ...d5 first.
    [AFTER_E4, "exd5", "e4", "d5", undefined],
    [AFTER_E4, "exf5", "e4", "f5", undefined],
    // UCI is taken as typed, like a dragged premove: it is checked when the turn comes.
    [AFTER_E4, "e4e5", "e4", "e5", undefined],
    [AFTER_E4, "d1h5", "d1", "h5", undefined],
  ])("%s: %s premoves %s-%s", (fen, typed, from, to, promotion) => {
    const result = parsePremove(fen, "w", typed);
    expect(result).toMatchObject({ ok: true, move: { from, to, ...(promotion ? { promotion } : {}) } });
  });

  it("keeps a typed promotion piece", () => {
    const blackToMove = "4k3/1P6/8/8/8/8/8/4K3 b - - 0 1";
    expect(parsePremove(blackToMove, "w", "b8=N")).toMatchObject({
      ok: true,
      move: { from: "b7", to: "b8", promotion: "n" },
    });
    expect(parsePremove(blackToMove, "w", "b7b8r")).toMatchObject({
      ok: true,
      move: { from: "b7", to: "b8", promotion: "r" },
    });
  });

  it.each([
    [AFTER_E4, "e7e5", "illegal"],
    [AFTER_E4, "Nf6", "illegal"],
    [AFTER_E4, "", "empty"],
    [AFTER_E4, "xyz", "syntax"],
  ])("%s: %s is refused (%s)", (fen, typed, error) => {
    expect(parsePremove(fen, "w", typed)).toMatchObject({ ok: false, error });
  });
});

describe("readMoveText", () => {
  it.each([
    ["Nf3+", [{ kind: "san", piece: "n", to: "f3" }]],
    ["Qh4#", [{ kind: "san", piece: "q", to: "h4" }]],
    ["exd6 e.p.", [{ kind: "san", piece: "p", fromFile: "e", to: "d6" }]],
    ["O-O-O", [{ kind: "castle", side: "q" }]],
    ["00", [{ kind: "castle", side: "k" }]],
    ["g1f3", [{ kind: "coords", from: "g1", to: "f3" }]],
    ["zz", []],
  ])("%s", (typed, patterns) => {
    expect(readMoveText(typed)).toEqual(patterns);
  });
});

describe("typedMove in a live game", () => {
  const game = (change: Parameters<typeof gameSnapshot>[0] = {}) => gameFromSnapshot(gameSnapshot(change), 0);
  const typed = (state: GameState, text: string) => typedMove(moveEntryGame(state), text);

  it("plays on my turn", () => {
    expect(typed(game(), "Nf3")).toEqual({ kind: "move", move: { from: "g1", to: "f3" }, san: "Nf3" });
    expect(typed(game(), "Nf6")).toMatchObject({ kind: "refused", message: "Nf6 is not a legal move here." });
  });

  it("premoves on the opponent's turn", () => {
    const theirs = game({ moves: ["e4"], fen: AFTER_E4, currentTurn: "b", ply: 1 });
    expect(typed(theirs, "Nf3")).toEqual({ kind: "premove", move: { from: "g1", to: "f3" }, san: "Nf3" });
  });

  it("judges a move typed while an earlier position is shown against the game as it stands", () => {
    const theirs = game({ moves: ["e4"], fen: AFTER_E4, currentTurn: "b", ply: 1 });
    expect(typed({ ...theirs, viewPly: 0 }, "Nf3")).toEqual({
      kind: "premove",
      move: { from: "g1", to: "f3" },
      san: "Nf3",
    });
    expect(typed({ ...game(), viewPly: 0 }, "e4")).toMatchObject({ kind: "move", san: "e4" });
  });

  it("refuses once the game is over, and to a spectator", () => {
    expect(typed({ ...game(), status: "finished" }, "e4")).toMatchObject({ kind: "refused" });
    expect(typed({ ...game(), myColor: null }, "e4")).toMatchObject({ kind: "refused" });
  });

  it("takes a move typed while mine is still in flight as a premove", () => {
    const pending = { from: "e2", to: "e4", san: "e4", fen: AFTER_E4 };
    expect(typed({ ...game(), turn: "w", pending, viewPly: null }, "e5")).toMatchObject({
      kind: "premove",
    });
  });
});

describe("typedMove without premoves (a daily game)", () => {
  const daily = (change: Partial<MoveEntryGame> = {}): MoveEntryGame => ({
    fen: START,
    myColor: "w",
    turn: "move",
    plies: 0,
    viewPly: null,
    premove: null,
    ...change,
  });

  it("plays on my turn and refuses an illegal move", () => {
    expect(typedMove(daily(), "e4")).toEqual({ kind: "move", move: { from: "e2", to: "e4" }, san: "e4" });
    expect(typedMove(daily(), "e5")).toEqual({ kind: "refused", message: "e5 is not a legal move here." });
  });

  it("refuses a move on the opponent's turn, or while mine is being sent, saying why", () => {
    const theirs = daily({ fen: AFTER_E4, turn: "theirs", plies: 1 });
    expect(typedMove(theirs, "Nf3")).toEqual({
      kind: "refused",
      message: "It is not your turn: wait for your opponent's move.",
    });
    expect(typedMove({ ...theirs, turn: "sending" }, "Nf3")).toEqual({
      kind: "refused",
      message: "Your last move is still being sent.",
    });
    expect(typedMove(daily({ turn: "over" }), "e4")).toEqual({ kind: "refused", message: "The game is over." });
  });
});

describe("typed moves in Chess960", () => {
  const NINE60 = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1";

  it("reads O-O, O-O-O and the king onto its rook, and ordinary moves as before", () => {
    expect(parseMove(NINE60, "O-O")).toEqual({ ok: true, move: { from: "b1", to: "h1" }, san: "O-O" });
    expect(parseMove(NINE60, "0-0-0")).toEqual({ ok: true, move: { from: "b1", to: "a1" }, san: "O-O-O" });
    expect(parseMove(NINE60, "b1a1")).toEqual({ ok: true, move: { from: "b1", to: "a1" }, san: "O-O-O" });
    expect(parseMove(NINE60, "e4")).toMatchObject({ ok: true, move: { from: "e2", to: "e4" } });
    expect(parseMove(NINE60, "Kc1")).toMatchObject({ ok: true, move: { from: "b1", to: "c1" } });
  });
});

describe("isMoveStartKey", () => {
  it.each([
    ["e", true],
    ["H", true],
    ["N", true],
    ["n", true],
    ["b", true],
    ["O", true],
    ["o", true],
    ["0", true],
    ["P", true],
    ["i", false],
    ["x", false],
    ["1", false],
    [" ", false],
    ["?", false],
    ["Enter", false],
    ["ArrowLeft", false],
    ["Escape", false],
  ])("%j → %s", (key, starts) => {
    expect(isMoveStartKey(key)).toBe(starts);
  });
});
