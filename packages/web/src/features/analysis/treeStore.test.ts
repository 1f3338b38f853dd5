import { START_FEN } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { nodeBySans, playSan, playUciLine, replayLine, saveTree, treeMovetext } from "../board/index.ts";
import {
  branchPoint,
  canStep,
  gamePly,
  initialTree,
  shownFen,
  shownSans,
  type TreeEvent,
  type TreeState,
  treeReducer,
  variationOf,
} from "./treeStore.ts";

const SANS = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];
const start = () => initialTree(START_FEN, replayLine(START_FEN, SANS).moves);
const run = (state: TreeState, ...events: TreeEvent[]) => events.reduce(treeReducer, state);
const play = (state: TreeState, san: string) => {
  const move = playSan(shownFen(state), san);
  if (!move) throw new Error(san);
  return treeReducer(state, { type: "play", move });
};
const text = (state: TreeState) => treeMovetext(state.tree).join(" ");

describe("initialTree", () => {
  it("lays the variations that come with a game (an imported PGN's) over its moves, the game's kept as the main line", () => {
    const moves = replayLine(START_FEN, SANS).moves;
    const variations = [
      { s: "e4", c: [{ s: "e5", c: [{ s: "Qh5", c: [{ s: "Nc6" }, { s: "g6", c: [{ s: "Qxe5+" }] }] }] }] },
      { s: "d4" },
    ];
    const s = initialTree(START_FEN, moves, variations);
    expect(gamePly(s)).toBe(7);
    expect(text(s)).toBe("1. e4 (1. d4) 1... e5 2. Qh5 Nc6 (2... g6 3. Qxe5+) 3. Bc4 Nf6 4. Qxf7#");
    expect(text(initialTree(START_FEN, moves))).toBe("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#");
  });
});

describe("treeReducer", () => {
  it("opens at the game's last move, and steps along it", () => {
    const s = start();
    expect(gamePly(s)).toBe(7);
    expect(canStep(s, "forward")).toBe(false);
    const back = run(s, { type: "step", step: "back" }, { type: "step", step: "back" });
    expect(gamePly(back)).toBe(5);
    expect(gamePly(run(back, { type: "gotoPly", ply: 2 }))).toBe(2);
    expect(gamePly(run(back, { type: "step", step: "first" }))).toBe(0);
  });

  it("branches where a move differs from the game's, and keeps the game's move as the main line", () => {
    let s = run(start(), { type: "gotoPly", ply: 5 });
    s = play(s, "g6");
    expect(gamePly(s)).toBeNull();
    expect(shownSans(s)).toEqual(["e4", "e5", "Qh5", "Nc6", "Bc4", "g6"]);
    s = play(play(s, "Qf3"), "Nf6");
    expect(variationOf(s).map((n) => n.move.san)).toEqual(["g6", "Qf3", "Nf6"]);
    expect(text(s)).toBe("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 (3... g6 4. Qf3 Nf6) 4. Qxf7#");
    // Playing the game's own move steps along it.
    const along = play(run(s, { type: "gotoPly", ply: 5 }), "Nf6");
    expect([gamePly(along), along.tree]).toEqual([6, s.tree]);
    expect(gamePly(run(s, { type: "backToGame" }))).toBe(5);
  });

  it("goes up and down between the moves tried at one point", () => {
    let s = play(run(start(), { type: "gotoPly", ply: 5 }), "g6");
    s = play(run(s, { type: "gotoPly", ply: 5 }), "d6");
    const up = run(s, { type: "step", step: "up" });
    expect(shownSans(up).at(-1)).toBe("g6");
    expect(shownSans(run(up, { type: "step", step: "up" })).at(-1)).toBe("Nf6");
    expect(shownSans(run(s, { type: "step", step: "down" })).at(-1)).toBe("d6");
  });

  it("promotes and deletes variations; the board leaves a deleted move", () => {
    let s = play(run(start(), { type: "gotoPly", ply: 5 }), "g6");
    const g6 = s.current;
    s = play(run(s, { type: "gotoPly", ply: 5 }), "d6");
    s = run(s, { type: "promote", id: s.current });
    expect(text(s)).toBe("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 (3... d6) (3... g6) 4. Qxf7#");
    // The game's own move stays first.
    expect(run(s, { type: "promote", id: "g6" }).tree).toBe(s.tree);
    const gone = run(s, { type: "delete", id: s.current });
    expect(text(gone)).toBe("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 (3... g6) 4. Qxf7#");
    expect(gamePly(gone)).toBe(5);
    // Deleting a line not shown leaves the board where it is.
    expect(run(s, { type: "delete", id: g6 }).current).toBe(s.current);
  });

  it("plays an engine line out as a variation, one step at a time", () => {
    const line = playUciLine(replayLine(START_FEN, SANS.slice(0, 5)).fens[5] ?? "", ["g7g6", "h5f3", "g8f6"]);
    let s = run(start(), { type: "showLine", ply: 5, moves: line });
    expect(variationOf(s).map((n) => [n.move.san, n.engine])).toEqual([["g6", true]]);
    expect(canStep(s, "forward")).toBe(true);
    s = run(s, { type: "step", step: "forward" });
    expect(shownSans(s).slice(-2)).toEqual(["g6", "Qf3"]);
    expect(branchPoint(s)).toBe("g5");
  });

  it("lays a saved tree over the game, skipping what is not legal", () => {
    const s = run(start(), {
      type: "restore",
      saved: [{ s: "e4", c: [{ s: "e5" }, { s: "c5", c: [{ s: "Nf3" }] }, { s: "Kxe1" }] }],
    });
    expect(text(s)).toBe("1. e4 e5 (1... c5 2. Nf3) 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#");
    expect(gamePly(s)).toBe(7);
  });

  it("restores a saved tree in place of an imported game's variations: a deleted one stays deleted", () => {
    const moves = replayLine(START_FEN, SANS).moves;
    const imported = [
      {
        s: "e4",
        m: "Best by test",
        c: [
          { s: "e5", c: [{ s: "Qh5" }] },
          { s: "c5", m: "Sicilian", c: [{ s: "Nf3" }] },
        ],
      },
      { s: "d4", m: "Also good" },
    ];
    const opened = initialTree(START_FEN, moves, imported);
    expect(text(opened)).toBe("1. e4 (1. d4) 1... e5 (1... c5 2. Nf3) 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#");
    // The player deletes 1. d4; what is saved is the tree as it now stands.
    const d4 = nodeBySans(opened.tree, ["d4"]);
    const deleted = run(opened, { type: "delete", id: d4 });
    const saved = saveTree(deleted.tree);
    // Reloaded: the game comes with its PGN's variations again, and the saved tree replaces them.
    const reloaded = run(initialTree(START_FEN, moves, imported), { type: "restore", saved, comments: imported });
    expect(text(reloaded)).toBe("1. e4 e5 (1... c5 2. Nf3) 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#");
    expect(gamePly(reloaded)).toBe(7);
    // The PGN's comments stay on the moves still there.
    const c5 = nodeBySans(reloaded.tree, ["e4", "c5"]);
    expect(reloaded.tree.children[0]?.comment).toBe("Best by test");
    expect(reloaded.tree.children[0]?.children.find((n) => n.id === c5)?.comment).toBe("Sicilian");
    // Every variation deleted: the game's moves alone are saved, and restore to the game alone.
    const bare = run(deleted, { type: "delete", id: nodeBySans(deleted.tree, ["e4", "c5"]) });
    const none = run(initialTree(START_FEN, moves, imported), { type: "restore", saved: saveTree(bare.tree) });
    expect(text(none)).toBe("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#");
  });

  it("keeps the move shown across a restore, found again by its moves", () => {
    const s = run(play(run(start(), { type: "gotoPly", ply: 1 }), "c5"), {
      type: "restore",
      saved: [{ s: "e4", c: [{ s: "e5" }, { s: "d5" }, { s: "c5" }] }],
    });
    expect(shownSans(s)).toEqual(["e4", "c5"]);
    expect(text(s)).toBe("1. e4 e5 (1... d5) (1... c5) 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#");
  });
});
