import { type MouseEvent, type ReactNode, useEffect, useRef } from "react";
import { MoveTableHead } from "./MoveTable.tsx";
import { moveNumber, type MoveTree as Tree, type TreeNode } from "./moveTree.ts";
import "./MoveTable.css";

export interface MoveTreeViewProps {
  tree: Tree;
  /** The node shown on the board ("" for the start). */
  current: string;
  /** Drawn after a move's SAN, e.g. a quality mark. */
  annotate?: (node: TreeNode) => ReactNode;
  /** A click on a move shows the position after it. */
  onSelect: (id: string) => void;
  /** A right click (or the context-menu key) on a move, where its menu should open. */
  onMenu?: (id: string, at: { x: number; y: number }) => void;
  emptyText?: string;
  /** The comment before the first move (an imported PGN's), shown above the moves as lichess does. */
  startComment?: string;
}

interface Row {
  number: number;
  white?: TreeNode;
  black?: TreeNode;
  /** The other moves at the row's last move, shown under it. */
  variations?: TreeNode[];
  /** The comment after the row's last move, shown under it (before its variations), as lichess does. */
  comment?: string;
}

/** The main line in rows of White's and Black's moves; a move's variations under its row, as lichess shows them. */
function rowsOf(tree: Tree): Row[] {
  const rows: Row[] = [];
  let siblings: readonly TreeNode[] = tree.children;
  let open = false;
  while (siblings.length > 0) {
    const [node, ...variations] = siblings as [TreeNode, ...TreeNode[]];
    const { number, white } = moveNumber(tree, node.ply);
    const last = rows.at(-1);
    if (white) rows.push({ number, white: node });
    else if (open && last?.number === number && !last.black) last.black = node;
    else rows.push({ number, black: node });
    open = white;
    if (node.comment) {
      (rows.at(-1) as Row).comment = node.comment;
      open = false;
    }
    if (variations.length > 0) {
      (rows.at(-1) as Row).variations = variations;
      open = false;
    }
    siblings = node.children;
  }
  return rows;
}

/**
 * The moves of a game with its variations (SPEC §4 own variations): the main line as a table, and under a move
 * its comment and the other moves tried there, each line indented, with deeper variations in parentheses.
 */
export function MoveTreeView({
  tree,
  current,
  annotate,
  onSelect,
  onMenu,
  emptyText = "No moves yet",
  startComment,
}: MoveTreeViewProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a changed tree moves the shown move in the list
  useEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    const shown = box.querySelector<HTMLElement>(`[data-node='${current}']`);
    if (shown && box.contains(document.activeElement) && document.activeElement !== shown) {
      shown.focus({ preventScroll: true });
    }
    if (!shown) return;
    const top = shown.getBoundingClientRect().top - box.getBoundingClientRect().top;
    if (top < 0 || top + shown.offsetHeight > box.clientHeight) {
      box.scrollTop += top - (box.clientHeight - shown.offsetHeight) / 2;
    }
  }, [current, tree]);

  const rows = rowsOf(tree);
  const lastMain = rows.at(-1);
  const tabStop = current || (lastMain?.black ?? lastMain?.white)?.id;

  const move = (node: TreeNode, className: string, label?: string) => (
    <button
      type="button"
      key={node.id}
      className={className}
      tabIndex={node.id === tabStop ? 0 : -1}
      aria-current={node.id === current ? "true" : undefined}
      data-node={node.id}
      {...(node.game ? { "data-ply": node.ply } : {})}
      onClick={() => onSelect(node.id)}
      onContextMenu={
        onMenu &&
        ((event: MouseEvent) => {
          event.preventDefault();
          onMenu(node.id, { x: event.clientX, y: event.clientY });
        })
      }
    >
      {label ? (
        <>
          <span className="move-tree__number">{label}</span>{" "}
        </>
      ) : null}
      {node.move.san}
      {annotate?.(node)}
    </button>
  );

  // Text as React renders any string: escaped, never markup.
  const comment = (text: string, key: string) => (
    <span className="move-tree__comment" key={key} data-testid="move-comment">
      {text}
    </span>
  );

  /** A line from `first` on: its moves, and each move's variations in parentheses after it. */
  const line = (first: TreeNode, numberFirst: boolean): ReactNode[] => {
    const parts: ReactNode[] = [];
    let node: TreeNode | undefined = first;
    let numbered = numberFirst;
    while (node) {
      const { number, white } = moveNumber(tree, node.ply);
      const label = white ? `${number}.` : numbered ? `${number}...` : undefined;
      // A space between moves: the line reads as text ("3... g6 4. Qf3"); flex layout ignores it.
      if (parts.length > 0) parts.push(" ");
      parts.push(move(node, "move-tree__move", label));
      if (node.comment) parts.push(" ", comment(node.comment, `c${node.id}`));
      const [next, ...variations]: TreeNode[] = node.children;
      for (const variation of variations) {
        parts.push(
          " ",
          <span className="move-tree__sub" key={`(${variation.id}`}>
            {line(variation, true)}
          </span>,
        );
      }
      numbered = variations.length > 0 || !!node.comment;
      node = next;
    }
    return parts;
  };

  const cell = (node: TreeNode | undefined) =>
    node ? move(node, "move-list__move") : <span className="move-list__empty">…</span>;

  return (
    <div className="move-list" ref={scrollRef}>
      {startComment ? <p className="move-tree__start">{comment(startComment, "start")}</p> : null}
      {rows.length === 0 ? (
        <p className="move-list__none">{emptyText}</p>
      ) : (
        <table className="move-list__table move-tree">
          <MoveTableHead />
          <tbody>
            {rows.flatMap((row) => [
              <tr key={(row.white ?? row.black)?.id}>
                <th scope="row" className="move-list__number">
                  {row.number}.
                </th>
                <td>{cell(row.white)}</td>
                <td>{row.black || row.variations || row.comment ? cell(row.black) : null}</td>
              </tr>,
              ...(row.comment
                ? [
                    <tr key={`c${(row.black ?? row.white)?.id}`} className="move-tree__comments">
                      <td colSpan={3}>{comment(row.comment, "c")}</td>
                    </tr>,
                  ]
                : []),
              ...(row.variations
                ? [
                    <tr key={`v${(row.black ?? row.white)?.id}`} className="move-tree__variations">
                      <td colSpan={3}>
                        {row.variations.map((v) => (
                          <div className="move-tree__line" key={v.id} data-testid="tree-line">
                            {line(v, true)}
                          </div>
                        ))}
                      </td>
                    </tr>,
                  ]
                : []),
            ])}
          </tbody>
        </table>
      )}
    </div>
  );
}
