import { describe, expect, it } from "vitest";
import { makePgn } from "./boardPgn.ts";
import { playSan, replayLine } from "./boardRules.ts";
import {
  addLine,
  addMove,
  branchOf,
  canDelete,
  canPromote,
  deleteAt,
  gameTree,
  type MoveTree,
  mainLine,
  nodeOf,
  onMainLine,
  promote,
  ROOT,
  restoreTree,
  sansTo,
  saveTree,
  stepFrom,
  treeMovetext,
} from "./moveTree.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const BLACK_AT_3 = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";

const game = (sans: string[], fen = START) => gameTree(fen, replayLine(fen, sans).moves);
/** Plays SAN moves from node `at`: the tree and the last move's id. */
function play(tree: MoveTree, at: string, sans: string[]): { tree: MoveTree; id: string } {
  const fen = nodeOf(tree, at)?.move.fen ?? tree.fen;
  const { moves } = replayLine(fen, sans);
  const { tree: grown, ids } = addLine(tree, at, moves);
  return { tree: grown, id: ids.at(-1) ?? at };
}
const text = (tree: MoveTree) => treeMovetext(tree).join(" ");

describe("moveTree", () => {
  const base = game(["e4", "e5", "Nf3", "Nc6"]);

  it("holds the game's moves as its main line", () => {
    expect(mainLine(base).map((n) => n.move.san)).toEqual(["e4", "e5", "Nf3", "Nc6"]);
    expect(text(base)).toBe("1. e4 e5 2. Nf3 Nc6");
  });

  it("playing the next main-line move steps along it; another move branches", () => {
    const e4 = playSan(START, "e4");
    expect(e4 && addMove(base, ROOT, e4)).toEqual({ tree: base, id: "g1" });
    const { tree, id } = play(base, "g1", ["c5", "Nf3", "d6"]);
    expect(sansTo(tree, id)).toEqual(["e4", "c5", "Nf3", "d6"]);
    expect(text(tree)).toBe("1. e4 e5 (1... c5 2. Nf3 d6) 2. Nf3 Nc6");
    expect(onMainLine(tree, id)).toBe(false);
    expect(branchOf(tree, id)?.move.san).toBe("c5");
    expect(mainLine(tree).map((n) => n.move.san)).toEqual(["e4", "e5", "Nf3", "Nc6"]);
  });

  it("branches at any move, nested to any depth, in PGN's parentheses", () => {
    let { tree } = play(base, ROOT, ["d4", "d5"]);
    ({ tree } = play(tree, tree.children[1]?.id as string, ["Nf6", "c4"]));
    ({ tree } = play(tree, "g2", ["Bc4"]));
    expect(text(tree)).toBe("1. e4 (1. d4 d5 (1... Nf6 2. c4)) 1... e5 2. Nf3 (2. Bc4) 2... Nc6");
  });

  it("promotes a variation where it branches, never over the game's moves", () => {
    let { tree, id } = play(base, "g1", ["c5", "Nf3"]);
    ({ tree } = play(tree, "g1", ["e6"]));
    const e6 = tree.children[0]?.children[2]?.id as string;
    // Nf3 after c5 is its line's first move: the promotion point is c5, whose first sibling is the game's e5.
    expect(canPromote(tree, id)).toBe(false);
    expect(promote(tree, id)).toBe(tree);
    // A variation inside the variation is promoted over its first move.
    let sub = play(tree, branchOf(tree, id)?.id as string, ["d4"]);
    expect(text(sub.tree)).toBe("1. e4 e5 (1... c5 2. Nf3 (2. d4)) (1... e6) 2. Nf3 Nc6");
    expect(canPromote(sub.tree, sub.id)).toBe(true);
    sub = { tree: promote(sub.tree, sub.id), id: sub.id };
    expect(text(sub.tree)).toBe("1. e4 e5 (1... c5 2. d4 (2. Nf3)) (1... e6) 2. Nf3 Nc6");
    // And a second variation over the first one.
    expect(text(promote(sub.tree, e6))).toBe("1. e4 e5 (1... e6) (1... c5 2. d4 (2. Nf3)) 2. Nf3 Nc6");
  });

  it("promotes a line past its ancestors when it is not the game's", () => {
    const free = gameTree(START, []);
    let { tree } = play(free, ROOT, ["e4", "e5"]);
    const { tree: t2, id } = play(tree, ROOT, ["d4", "d5", "c4"]);
    tree = t2;
    expect(text(tree)).toBe("1. e4 (1. d4 d5 2. c4) 1... e5");
    expect(text(promote(tree, id))).toBe("1. d4 (1. e4 e5) 1... d5 2. c4");
  });

  it("deletes a variation from a move on, never the game's moves", () => {
    const { tree, id } = play(base, "g1", ["c5", "Nf3"]);
    const c5 = branchOf(tree, id)?.id as string;
    expect(canDelete(tree, "g2")).toBe(false);
    expect(deleteAt(tree, "g2")).toEqual({ tree, id: "g2" });
    expect(canDelete(tree, id)).toBe(true);
    expect(text(deleteAt(tree, id).tree)).toBe("1. e4 e5 (1... c5) 2. Nf3 Nc6");
    const gone = deleteAt(tree, c5);
    expect([text(gone.tree), gone.id]).toEqual([text(base), "g1"]);
  });

  it.each<[string, string, Parameters<typeof stepFrom>[2], string]>([
    ["back from a variation's first move to where it branches", "c5", "back", "g1"],
    ["forward along the continuation", "g1", "forward", "g2"],
    ["forward at a line's end stays", "g4", "forward", "g4"],
    ["to the start", "g3", "first", ROOT],
    ["to the end of the line shown", "c5", "last", "nf3"],
    ["down to the next variation of the same move", "g2", "down", "c5"],
    ["up from it", "c5", "up", "g2"],
    ["up at the first stays", "g2", "up", "g2"],
    ["down without siblings stays", "g3", "down", "g3"],
  ])("steps %s", (_what, from, step, to) => {
    const { tree, id } = play(base, "g1", ["c5", "Nf3"]);
    const ids: Record<string, string> = { c5: branchOf(tree, id)?.id as string, nf3: id };
    expect(stepFrom(tree, ids[from] ?? from, step)).toBe(ids[to] ?? to);
  });

  it("numbers from a position with Black to move", () => {
    const tree = game(["Nf6", "d3"], BLACK_AT_3);
    const { tree: grown } = play(tree, ROOT, ["Bc5", "O-O"]);
    expect(text(grown)).toBe("3... Nf6 (3... Bc5 4. O-O) 4. d3");
  });

  it("writes a PGN with its variations and comments", () => {
    const { tree } = play(base, "g1", ["c5"]);
    const movetext = treeMovetext(tree, (n) => (n.id === "g1" ? "[%eval 0.3]" : undefined));
    expect(makePgn({ tags: [["Event", "x"]], initialFen: START, sans: [], result: "*", movetext })).toBe(
      '[Event "x"]\n\n1. e4 { [%eval 0.3] } 1... e5 (1... c5) 2. Nf3 Nc6 *\n',
    );
  });

  it("is saved and restored over the game, dropping moves that are not legal", () => {
    let { tree } = play(base, "g1", ["c5", "Nf3"]);
    ({ tree } = play(tree, "g2", ["Bc4"]));
    const saved = saveTree(tree);
    expect(text(restoreTree(base, saved))).toBe(text(tree));
    const bad = [{ s: "e4", c: [{ s: "Ke7", c: [{ s: "d4" }] }, { s: "d5" }] }, { s: "zz" }];
    expect(text(restoreTree(base, bad))).toBe("1. e4 e5 (1... d5) 2. Nf3 Nc6");
    expect(text(restoreTree(base, [{ s: "d4" }, { s: "c4" }], 1))).toBe("1. e4 (1. d4) 1... e5 2. Nf3 Nc6");
  });
});
