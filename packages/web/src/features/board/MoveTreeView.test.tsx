import { START_FEN } from "@chess/shared";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { replayLine } from "./boardRules.ts";
import { MoveTreeView } from "./MoveTreeView.tsx";
import { gameTree, restoreTree, withComments } from "./moveTree.ts";

afterEach(cleanup);

const SANS = ["e4", "e5", "Nf3", "Nc6"];
// An imported PGN's tree: comments on a game move and in a variation, one that looks like markup.
const IMPORTED = [
  {
    s: "e4",
    m: "Best by test",
    c: [
      {
        s: "e5",
        c: [
          { s: "Nf3", c: [{ s: "Nc6" }] },
          { s: "f4", m: '<img src=x onerror="alert(1)"> & more' },
        ],
      },
    ],
  },
];

describe("MoveTreeView: an imported PGN's comments", () => {
  it("shows each comment after its move, in the main line and in a variation, as text", () => {
    const base = gameTree(START_FEN, replayLine(START_FEN, SANS).moves);
    const tree = withComments(restoreTree(base, IMPORTED), IMPORTED);
    const { container } = render(<MoveTreeView tree={tree} current="" onSelect={() => {}} />);
    const comments = screen.getAllByTestId("move-comment").map((c) => c.textContent);
    expect(comments).toEqual(["Best by test", '<img src=x onerror="alert(1)"> & more']);
    // Escaped: the markup is text, no element made from it.
    expect(container.querySelector("img")).toBeNull();
    // The main line goes on after the comment as lichess writes it: "1... e5" on a row of its own.
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      "1.e4…",
      "Best by test",
      "1.…e5",
      "2.Nf3…",
      '2. f4 <img src=x onerror="alert(1)"> & more',
      "2.…Nc6",
    ]);
  });

  it("shows the comment before the first move above the moves, as text", () => {
    const tree = gameTree(START_FEN, replayLine(START_FEN, SANS).moves);
    const { container } = render(
      <MoveTreeView tree={tree} current="" onSelect={() => {}} startComment="King's Pawn <b>game</b>" />,
    );
    const [first] = screen.getAllByTestId("move-comment");
    expect(first?.textContent).toBe("King's Pawn <b>game</b>");
    expect(container.querySelector("b")).toBeNull();
    // Before the table of moves, its rows as they were.
    expect(first?.compareDocumentPosition(screen.getByRole("table")) ?? 0).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(within(screen.getByRole("table")).getAllByRole("row").slice(1)[0]?.textContent).toBe("1.e4e5");
  });
});
