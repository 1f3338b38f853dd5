import { moveNumberOf, turnOf } from "./boardFen.ts";
import { type PlayedMove, playSan } from "./boardRules.ts";

/**
 * A tree of moves: a game's own moves as its main line, and any number of variations branching at any move,
 * nested to any depth (lichess's analysis tree). A node's first child is the line's continuation, the others
 * are its variations. The game's own moves stay the main line: they are neither deleted nor out-promoted.
 * Immutable and pure: every change returns a new tree; nodes are found by their id.
 */

/** A move in the tree. */
export interface TreeNode {
  /** Unique in its tree, e.g. "g12" (the game's 12th move) or "v3" (the third move added). */
  id: string;
  /** Half-moves played once it is on the board (1 for the first move from the start). */
  ply: number;
  move: PlayedMove;
  /** The continuation first, then the variations. */
  children: TreeNode[];
  /** One of the game's own moves. */
  game?: boolean;
  /** Added from an engine line rather than played by hand. */
  engine?: boolean;
  /** The comment after the move, as an imported PGN had it ("Best by test"): text, never markup. */
  comment?: string;
}

export interface MoveTree {
  /** The position the tree starts from. */
  fen: string;
  children: TreeNode[];
  /** The next free number for a node id. */
  next: number;
}

/** The id the tree's start (before any move) goes by. */
export const ROOT = "";

/** The game's moves as the main line of a new tree. */
export function gameTree(initialFen: string, moves: readonly PlayedMove[]): MoveTree {
  let children: TreeNode[] = [];
  for (let i = moves.length - 1; i >= 0; i--) {
    children = [{ id: `g${i + 1}`, ply: i + 1, move: moves[i] as PlayedMove, children, game: true }];
  }
  return { fen: initialFen, children, next: 1 };
}

/** The nodes from the start to `id` (empty for the start, undefined for an id not in the tree). */
export function pathTo(tree: MoveTree, id: string): TreeNode[] | undefined {
  if (id === ROOT) return [];
  const path: TreeNode[] = [];
  const walk = (children: readonly TreeNode[]): boolean => {
    for (const child of children) {
      path.push(child);
      if (child.id === id || walk(child.children)) return true;
      path.pop();
    }
    return false;
  };
  return walk(tree.children) ? path : undefined;
}

/** The node `id`, if it is in the tree. */
export const nodeOf = (tree: MoveTree, id: string): TreeNode | undefined => pathTo(tree, id)?.at(-1);

const childrenOf = (tree: MoveTree, id: string): readonly TreeNode[] | undefined =>
  id === ROOT ? tree.children : nodeOf(tree, id)?.children;

/** The position at `id` (the start for ROOT). */
export const fenAt = (tree: MoveTree, id: string): string => nodeOf(tree, id)?.move.fen ?? tree.fen;

/** The SAN moves from the start to `id`. */
export const sansTo = (tree: MoveTree, id: string): string[] => (pathTo(tree, id) ?? []).map((n) => n.move.san);

/** The main line: first children from the start. */
export function mainLine(tree: MoveTree): TreeNode[] {
  const line: TreeNode[] = [];
  for (let node = tree.children[0]; node; node = node.children[0]) line.push(node);
  return line;
}

/** Whether `id` is on the main line (the start is). */
export const onMainLine = (tree: MoveTree, id: string): boolean =>
  (pathTo(tree, id) ?? []).every((n, i, path) => (i === 0 ? tree.children[0] : path[i - 1]?.children[0]) === n);

/** Rebuilds the tree with `children` of `id` replaced by `change(children)`. */
function withChildren(tree: MoveTree, id: string, change: (children: TreeNode[]) => TreeNode[]): MoveTree {
  if (id === ROOT) return { ...tree, children: change(tree.children) };
  const path = pathTo(tree, id);
  if (!path) return tree;
  let replaced: TreeNode | undefined;
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i] as TreeNode;
    replaced = replaced
      ? { ...node, children: node.children.map((c) => (c.id === replaced?.id ? (replaced as TreeNode) : c)) }
      : { ...node, children: change(node.children) };
  }
  return { ...tree, children: tree.children.map((c) => (c.id === replaced?.id ? (replaced as TreeNode) : c)) };
}

/**
 * `move` played at `at`: its child if that move is already there (stepping along), else a new last child —
 * the continuation where there was none, a new variation where there was one.
 */
export function addMove(
  tree: MoveTree,
  at: string,
  move: PlayedMove,
  options: { engine?: boolean } = {},
): { tree: MoveTree; id: string } {
  const siblings = childrenOf(tree, at);
  if (!siblings) return { tree, id: at };
  const same = siblings.find((c) => c.move.san === move.san);
  if (same) return { tree, id: same.id };
  const ply = (nodeOf(tree, at)?.ply ?? 0) + 1;
  const node: TreeNode = { id: `v${tree.next}`, ply, move, children: [], ...(options.engine ? { engine: true } : {}) };
  const grown = withChildren(tree, at, (children) => [...children, node]);
  return { tree: { ...grown, next: tree.next + 1 }, id: node.id };
}

/** Moves played one after another from `at` (an engine line): the tree and the id of each move. */
export function addLine(
  tree: MoveTree,
  at: string,
  moves: readonly PlayedMove[],
  options: { engine?: boolean } = {},
): { tree: MoveTree; ids: string[] } {
  const ids: string[] = [];
  let current = { tree, id: at };
  for (const move of moves) {
    current = addMove(current.tree, current.id, move, options);
    ids.push(current.id);
  }
  return { tree: current.tree, ids };
}

/**
 * Where promoting `id` takes effect (lichess's "promote variation"): the nearest node on its path, itself or
 * an ancestor, that is not its parent's first child, made the first child there — or, where the first child
 * is one of the game's moves (they stay the main line), the first variation. Undefined when nothing moves.
 */
function promotionPoint(tree: MoveTree, id: string): { parent: string; node: TreeNode; index: number } | undefined {
  const path = pathTo(tree, id) ?? [];
  for (let i = path.length - 1; i >= 0; i--) {
    const parent = i === 0 ? ROOT : (path[i - 1] as TreeNode).id;
    const siblings = i === 0 ? tree.children : (path[i - 1] as TreeNode).children;
    const node = path[i] as TreeNode;
    const at = siblings.indexOf(node);
    if (at === 0) continue;
    const index = siblings[0]?.game ? 1 : 0;
    return at > index ? { parent, node, index } : undefined;
  }
  return undefined;
}

/** Whether `id`'s line can be promoted. */
export const canPromote = (tree: MoveTree, id: string): boolean => promotionPoint(tree, id) !== undefined;

/** `id`'s line moved up where it branches (see promotionPoint); unchanged when it cannot be. */
export function promote(tree: MoveTree, id: string): MoveTree {
  const point = promotionPoint(tree, id);
  if (!point) return tree;
  return withChildren(tree, point.parent, (children) => {
    const others = children.filter((c) => c !== point.node);
    return [...others.slice(0, point.index), point.node, ...others.slice(point.index)];
  });
}

/** Whether `id` can be deleted: any move but the game's own. */
export const canDelete = (tree: MoveTree, id: string): boolean => {
  const node = nodeOf(tree, id);
  return !!node && !node.game;
};

/** `id` and every move after it removed; `id` of its parent (where the board goes). Unchanged for a game move. */
export function deleteAt(tree: MoveTree, id: string): { tree: MoveTree; id: string } {
  const path = pathTo(tree, id);
  const node = path?.at(-1);
  if (!path || !node || node.game) return { tree, id };
  const parent = path.at(-2)?.id ?? ROOT;
  return { tree: withChildren(tree, parent, (children) => children.filter((c) => c !== node)), id: parent };
}

/** Where a key takes the board from `id`. */
export type TreeStep = "back" | "forward" | "first" | "last" | "up" | "down";

/**
 * The node a step leads to from `id`: back to the parent, forward along the continuation, to the start, to the
 * end of the current line (first children on), up or down to the previous or next sibling (a variation of the
 * same move). Stays at `id` when the step leads nowhere.
 */
export function stepFrom(tree: MoveTree, id: string, step: TreeStep): string {
  const path = pathTo(tree, id);
  if (!path) return ROOT;
  const node = path.at(-1);
  switch (step) {
    case "back":
      return path.at(-2)?.id ?? ROOT;
    case "forward":
      return (node ? node.children : tree.children)[0]?.id ?? id;
    case "first":
      return ROOT;
    case "last": {
      let last = node ?? tree.children[0];
      while (last?.children[0]) last = last.children[0];
      return last?.id ?? id;
    }
    case "up":
    case "down": {
      if (!node) return id;
      const siblings = path.at(-2)?.children ?? tree.children;
      const index = siblings.indexOf(node) + (step === "up" ? -1 : 1);
      return siblings[index]?.id ?? id;
    }
  }
}

/** Whether `id` has other moves at the same point (up and down go between them). */
export function hasSiblings(tree: MoveTree, id: string): boolean {
  const path = pathTo(tree, id);
  if (!path || path.length === 0) return false;
  return (path.at(-2)?.children ?? tree.children).length > 1;
}

/** The node where `id`'s line leaves the main line (the first node off it), if it does. */
export function branchOf(tree: MoveTree, id: string): TreeNode | undefined {
  const path = pathTo(tree, id) ?? [];
  return path.find((n, i) => (i === 0 ? tree.children[0] : path[i - 1]?.children[0]) !== n);
}

/** "12." before White's move, "12..." before Black's, from the tree's start position. */
export function moveNumber(tree: MoveTree, ply: number): { number: number; white: boolean } {
  const firstWhite = turnOf(tree.fen) === "w";
  const offset = firstWhite ? ply - 1 : ply;
  return { number: moveNumberOf(tree.fen) + Math.floor(offset / 2), white: offset % 2 === 0 };
}

const numbered = (tree: MoveTree, ply: number, always: boolean): string | undefined => {
  const { number, white } = moveNumber(tree, ply);
  return white ? `${number}.` : always ? `${number}...` : undefined;
};

/**
 * The tree's movetext with variations in parentheses, as PGN writes them: "1. e4 e5 (1... c5 2. Nf3) 2. Nf3".
 * `comment(node)` adds a comment after a move, e.g. "[%eval 0.35]".
 */
export function treeMovetext(tree: MoveTree, comment?: (node: TreeNode) => string | undefined): string[] {
  const tokens: string[] = [];
  const line = (first: readonly TreeNode[], numberFirst: boolean) => {
    let siblings = first;
    let numberNext = numberFirst;
    while (siblings.length > 0) {
      const [main, ...variations] = siblings as [TreeNode, ...TreeNode[]];
      const token = (node: TreeNode, always: boolean) => {
        const n = numbered(tree, node.ply, always);
        if (n) tokens.push(n);
        tokens.push(node.move.san);
        const text = comment?.(node);
        if (text) tokens.push(`{ ${text} }`);
        return !!text;
      };
      const commented = token(main, numberNext);
      for (const variation of variations) {
        tokens.push("(");
        const commented = token(variation, true);
        line(variation.children, commented);
        tokens.push(")");
      }
      numberNext = commented || variations.length > 0;
      siblings = main.children;
    }
  };
  line(tree.children, true);
  // "(" and ")" hug their moves.
  return tokens.reduce<string[]>((out, t) => {
    const last = out.at(-1);
    if (last === "(") out[out.length - 1] = `(${t}`;
    else if (t === ")" && last !== undefined) out[out.length - 1] = `${last})`;
    else out.push(t);
    return out;
  }, []);
}

/** A tree as it is stored: SAN moves, nested ({s: "e4", c: [...]}); the game's own moves included. */
export interface SavedNode {
  s: string;
  c?: SavedNode[];
  /** An engine line's move. */
  e?: 1;
  /** The comment after the move (an imported PGN's; a player's saved tree carries none). */
  m?: string;
}

/** The tree in its stored form. */
export function saveTree(tree: MoveTree): SavedNode[] {
  const save = (nodes: readonly TreeNode[]): SavedNode[] =>
    nodes.map((n) => ({
      s: n.move.san,
      ...(n.children.length > 0 ? { c: save(n.children) } : {}),
      ...(n.engine ? { e: 1 as const } : {}),
    }));
  return save(tree.children);
}

/** Whether a saved tree holds anything beyond the game's own moves. */
export const hasVariations = (tree: MoveTree): boolean => {
  const walk = (nodes: readonly TreeNode[]): boolean => nodes.some((n) => !n.game || walk(n.children));
  return walk(tree.children);
};

/**
 * A saved tree laid over a game's tree: its moves are replayed by the rules from where they stand, in their
 * order (the game's own moves keep their place); a move that is not legal there is dropped with what follows.
 */
export function restoreTree(tree: MoveTree, saved: readonly SavedNode[], maxNodes = 5_000): MoveTree {
  let result = tree;
  let count = 0;
  const walk = (at: string, fen: string, nodes: readonly SavedNode[]) => {
    for (const saved of nodes) {
      if (count >= maxNodes || typeof saved?.s !== "string") return;
      const move = playSan(fen, saved.s);
      if (!move) continue;
      count += 1;
      const added = addMove(result, at, move, saved.e ? { engine: true } : {});
      result = added.tree;
      if (Array.isArray(saved.c)) walk(added.id, move.fen, saved.c);
    }
  };
  walk(ROOT, tree.fen, saved);
  return result;
}

/** The game's own moves alone: its tree with every variation taken away (the comments on its moves kept). */
export function gameOnly(tree: MoveTree): MoveTree {
  const keep = (nodes: readonly TreeNode[]): TreeNode[] =>
    nodes.filter((n) => n.game).map((n) => ({ ...n, children: keep(n.children) }));
  return { ...tree, children: keep(tree.children) };
}

/** The comments of a saved tree (an imported PGN's) put on the moves of `tree` it names, move by move in SAN. */
export function withComments(tree: MoveTree, saved: readonly SavedNode[]): MoveTree {
  const lay = (nodes: TreeNode[], from: readonly SavedNode[]): TreeNode[] =>
    nodes.map((node) => {
      const match = from.find((n) => n?.s === node.move.san);
      if (!match) return node;
      const children = Array.isArray(match.c) ? lay(node.children, match.c) : node.children;
      const comment = typeof match.m === "string" && match.m.trim() !== "" ? match.m : undefined;
      return { ...node, children, ...(comment ? { comment } : {}) };
    });
  return { ...tree, children: lay(tree.children, saved) };
}

/** The node reached by `sans` from the start, as far as the tree has them (ROOT when not even the first). */
export function nodeBySans(tree: MoveTree, sans: readonly string[]): string {
  let id = ROOT;
  let children: readonly TreeNode[] = tree.children;
  for (const san of sans) {
    const next = children.find((c) => c.move.san === san);
    if (!next) break;
    id = next.id;
    children = next.children;
  }
  return id;
}
