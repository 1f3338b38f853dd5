import { START_FEN } from "@chess/shared";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { useReducer } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { playSan, ROOT, replayLine, type SavedNode, treeMovetext } from "../board/index.ts";
import { SCHOLARS_MATE } from "./testGame.ts";
import { initialTree, shownFen, type TreeState, treeReducer } from "./treeStore.ts";
import { loadSavedTree, SERVER_SAVE_MS, useSavedTree } from "./useSavedTree.ts";

const GAME = "g1";
const moves = replayLine(START_FEN, SCHOLARS_MATE).moves;

/** The game's moves with one variation after 3. Bc4: `sans` tried instead of 3... Nf6. */
function treeWith(sans: string): SavedNode[] {
  const game = SCHOLARS_MATE.slice().reverse();
  let line: SavedNode[] = [{ s: game[0] as string }];
  for (const [i, s] of game.slice(1).entries()) {
    line = [{ s, c: line }, ...(i === 0 ? [{ s: sans }] : [])];
  }
  return line;
}

function fakeClient(server: SavedNode[], save = vi.fn(async () => ({ successMsg: "Variations saved" }))) {
  return { tree: vi.fn(async () => ({ tree: server })), saveTree: save };
}

function mount(client: ReturnType<typeof fakeClient>, loggedIn = true) {
  return renderHook(() => {
    const [state, dispatch] = useReducer(treeReducer, undefined, () => initialTree(START_FEN, moves));
    useSavedTree({ gameId: GAME }, state.tree, dispatch, { loggedIn, client });
    return { state, dispatch };
  });
}

const shown = (state: TreeState) => treeMovetext(state.tree).join(" ");
const play = (state: TreeState, san: string) => {
  const move = playSan(shownFen(state), san);
  if (!move) throw new Error(san);
  return { type: "play", move } as const;
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("useSavedTree", () => {
  it("a change this browser never got to the server wins over the server's older copy, and is sent", async () => {
    localStorage.setItem(`analysis-tree:${GAME}`, JSON.stringify({ tree: treeWith("g6"), synced: false }));
    const client = fakeClient(treeWith("d6"));
    const { result } = mount(client);
    await waitFor(() => expect(client.saveTree).toHaveBeenCalledWith(GAME, treeWith("g6")));
    expect(shown(result.current.state)).toContain("(3... g6)");
    expect(shown(result.current.state)).not.toContain("d6");
    await waitFor(() => expect(loadSavedTree(GAME)).toEqual({ tree: treeWith("g6"), synced: true }));
  });

  it("a copy the server had lets the server's newer one win, and sends nothing back", async () => {
    localStorage.setItem(`analysis-tree:${GAME}`, JSON.stringify({ tree: treeWith("g6"), synced: true }));
    const client = fakeClient(treeWith("d6"));
    const { result } = mount(client);
    await waitFor(() => expect(shown(result.current.state)).toContain("(3... d6)"));
    expect(shown(result.current.state)).not.toContain("g6");
    await new Promise((r) => setTimeout(r, SERVER_SAVE_MS + 200));
    expect(client.saveTree).not.toHaveBeenCalled();
    expect(loadSavedTree(GAME)).toEqual({ tree: treeWith("d6"), synced: true });
  });

  it("reads a copy kept before `synced` was (a bare tree) as the server's", async () => {
    localStorage.setItem(`analysis-tree:${GAME}`, JSON.stringify(treeWith("g6")));
    const client = fakeClient(treeWith("d6"));
    const { result } = mount(client);
    await waitFor(() => expect(shown(result.current.state)).toContain("(3... d6)"));
  });

  it("leaving the page before the second is up sends the change at once", async () => {
    const client = fakeClient([]);
    const { result, unmount } = mount(client);
    await waitFor(() => expect(client.tree).toHaveBeenCalled());
    act(() => result.current.dispatch({ type: "goto", id: ROOT }));
    act(() => result.current.dispatch(play(result.current.state, "d4")));
    expect(loadSavedTree(GAME)?.synced).toBe(false);
    unmount();
    expect(client.saveTree).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(vi.mocked(client.saveTree).mock.calls[0])).toContain('{"s":"d4"}');
    await waitFor(() => expect(loadSavedTree(GAME)?.synced).toBe(true));
  });

  it("a save the server refused stays unsynced here, to be sent on the next visit", async () => {
    const refused = vi.fn(async () => {
      throw new Error("offline");
    });
    const client = fakeClient([], refused);
    const { result, unmount } = mount(client);
    await waitFor(() => expect(client.tree).toHaveBeenCalled());
    act(() => result.current.dispatch({ type: "goto", id: ROOT }));
    act(() => result.current.dispatch(play(result.current.state, "c4")));
    await waitFor(() => expect(refused).toHaveBeenCalled(), { timeout: SERVER_SAVE_MS + 2_000 });
    unmount();
    expect(loadSavedTree(GAME)?.synced).toBe(false);

    const back = fakeClient([]);
    mount(back);
    await waitFor(() => expect(back.saveTree).toHaveBeenCalled());
    expect(JSON.stringify(vi.mocked(back.saveTree).mock.calls[0])).toContain('{"s":"c4"}');
  });

  it("a guest's tree is kept in this browser only", async () => {
    const client = fakeClient([]);
    const { result } = mount(client, false);
    act(() => result.current.dispatch({ type: "goto", id: ROOT }));
    act(() => result.current.dispatch(play(result.current.state, "Nf3")));
    await new Promise((r) => setTimeout(r, SERVER_SAVE_MS + 200));
    expect(client.tree).not.toHaveBeenCalled();
    expect(client.saveTree).not.toHaveBeenCalled();
    expect(JSON.stringify(loadSavedTree(GAME)?.tree)).toContain('{"s":"Nf3"}');
  });
});
