import {
  addLine,
  addMove,
  deleteAt,
  gameOnly,
  gameTree,
  type MoveTree,
  mainLine,
  nodeBySans,
  type PlayedMove,
  pathTo,
  promote,
  ROOT,
  restoreTree,
  type SavedNode,
  sansTo,
  stepFrom,
  type TreeNode,
  type TreeStep,
  withComments,
} from "../board/index.ts";

/**
 * What the analysis board shows (SPEC §4): a node of the game's move tree — one of the game's moves, or a move
 * of a variation the player tried or an engine line played out, at any depth. Pure.
 */
export interface TreeState {
  tree: MoveTree;
  /** The node on the board (ROOT: the start). */
  current: string;
}

export type TreeEvent =
  /** ← → Home End, and ↑ ↓ between the moves tried at the same point. */
  | { type: "step"; step: TreeStep }
  /** A click on a move in the list. */
  | { type: "goto"; id: string }
  /** The position after `ply` of the game's own moves (a click in the chart or the marks list). */
  | { type: "gotoPly"; ply: number }
  /** A legal move on the board: the next move if it is already there, else a new variation. */
  | { type: "play"; move: PlayedMove }
  /** An engine line from the position shown: added to the tree, its first move on the board, the rest a step away. */
  | { type: "playLine"; moves: PlayedMove[] }
  /** An engine line from the game's ply `ply`, the same way. */
  | { type: "showLine"; ply: number; moves: PlayedMove[] }
  /** A variation moved up where it branches. */
  | { type: "promote"; id: string }
  /** A variation deleted from `id` on; the board goes to the move before it if it was shown. */
  | { type: "delete"; id: string }
  /** To the game's move the shown variation branches from. */
  | { type: "backToGame" }
  /**
   * A player's saved tree in place of the variations shown: it holds every variation they kept (an imported
   * PGN's too, less those they deleted); `comments` is the imported PGN's tree, whose comments go on the moves
   * still there.
   */
  | { type: "restore"; saved: readonly SavedNode[]; comments?: readonly SavedNode[] };

/** The game's moves (and the variations that come with it), shown at the last move (where the player comes from). */
export function initialTree(
  initialFen: string,
  moves: readonly PlayedMove[],
  variations: readonly SavedNode[] = [],
): TreeState {
  const played = gameTree(initialFen, moves);
  const tree = variations.length > 0 ? withComments(restoreTree(played, variations), variations) : played;
  return { tree, current: mainLine(tree).at(-1)?.id ?? ROOT };
}

/** The id of the game's move `ply` (ROOT for 0). */
const gameNode = (state: TreeState, ply: number): string => {
  const line = mainLine(state.tree).filter((n) => n.game);
  return ply <= 0 ? ROOT : (line[Math.min(ply, line.length) - 1]?.id ?? ROOT);
};

export function treeReducer(state: TreeState, event: TreeEvent): TreeState {
  const at = (tree: MoveTree, current: string): TreeState =>
    tree === state.tree && current === state.current ? state : { tree, current };
  switch (event.type) {
    case "step":
      return at(state.tree, stepFrom(state.tree, state.current, event.step));
    case "goto":
      return pathTo(state.tree, event.id) ? at(state.tree, event.id) : state;
    case "gotoPly":
      return at(state.tree, gameNode(state, event.ply));
    case "play": {
      const added = addMove(state.tree, state.current, event.move);
      return at(added.tree, added.id);
    }
    case "playLine":
    case "showLine": {
      const from = event.type === "showLine" ? gameNode(state, event.ply) : state.current;
      const { tree, ids } = addLine(state.tree, from, event.moves, { engine: true });
      return ids[0] ? at(tree, ids[0]) : state;
    }
    case "promote":
      return at(promote(state.tree, event.id), state.current);
    case "delete": {
      const shown = (pathTo(state.tree, state.current) ?? []).some((n) => n.id === event.id);
      const cut = deleteAt(state.tree, event.id);
      return at(cut.tree, shown ? cut.id : state.current);
    }
    case "backToGame":
      return at(state.tree, branchPoint(state));
    case "restore": {
      const tree = withComments(restoreTree(gameOnly(state.tree), event.saved), event.comments ?? []);
      // Ids of variations are new: the same moves are found again by their SAN.
      return at(tree, nodeBySans(tree, sansTo(state.tree, state.current)));
    }
  }
}

const shownPath = (state: TreeState): TreeNode[] => pathTo(state.tree, state.current) ?? [];

/** The game's ply shown, or null while a variation is on the board. */
export function gamePly(state: TreeState): number | null {
  const node = shownPath(state).at(-1);
  return !node ? 0 : node.game ? node.ply : null;
}

/** The last of the game's moves on the shown line (ROOT when the line leaves the game at once). */
export function branchPoint(state: TreeState): string {
  return shownPath(state).findLast((n) => n.game)?.id ?? ROOT;
}

/** The shown variation's moves, from where it leaves the game to the move shown (empty on the game's line). */
export const variationOf = (state: TreeState): TreeNode[] => shownPath(state).filter((n) => !n.game);

/** The SAN moves from the start to the position shown. */
export const shownSans = (state: TreeState): string[] => shownPath(state).map((n) => n.move.san);

/** The position shown. */
export const shownFen = (state: TreeState): string => shownPath(state).at(-1)?.move.fen ?? state.tree.fen;

/** The move that led to the position shown, if any. */
export const shownMove = (state: TreeState): PlayedMove | undefined => shownPath(state).at(-1)?.move;

/** Whether a step would move. */
export const canStep = (state: TreeState, step: TreeStep): boolean =>
  stepFrom(state.tree, state.current, step) !== state.current;
