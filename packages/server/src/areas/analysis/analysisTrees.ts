import { Board, type SavedTreeNode } from "@chess/shared";

/**
 * The first move of a saved tree that is not legal where it stands ("Invalid move in tree: Ke3 after 1. e4"),
 * replayed from the game's start; undefined when every move is. Move numbers as the player saw them.
 */
export function treeError(initialFen: string, tree: readonly SavedTreeNode[]): string | undefined {
  const walk = (board: Board, nodes: readonly SavedTreeNode[], line: string[]): string | undefined => {
    for (const node of nodes) {
      const next = board.clone();
      const played = next.playSan(node.s);
      if (!played) {
        return `Invalid move in tree: ${node.s}${line.length > 0 ? ` after ${line.join(" ")}` : " at the start"}`;
      }
      const error = walk(next, node.c ?? [], [...line, played.san]);
      if (error) return error;
    }
    return undefined;
  };
  return walk(Board.fromFen(initialFen), tree, []);
}
