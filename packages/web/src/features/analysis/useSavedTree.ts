import { type Dispatch, useEffect, useRef } from "react";
import { browserStorage } from "../../lib/browserStorage.ts";
import { hasVariations, type MoveTree, type SavedNode, saveTree } from "../board/index.ts";
import type { AnalysisApi } from "./analysisApi.ts";
import type { AnalysisGame } from "./analysisGame.ts";
import type { TreeEvent } from "./treeStore.ts";

/** A stored tree's size limit in this browser (the server keeps its own). */
export const MAX_SAVED_TREE_CHARS = 64_000;
const keyOf = (gameId: string) => `analysis-tree:${gameId}`;

/** The variations saved in this browser for a game, or undefined. */
export function loadSavedTree(gameId: string): SavedNode[] | undefined {
  try {
    const raw = browserStorage()?.getItem(keyOf(gameId));
    const saved: unknown = raw ? JSON.parse(raw) : undefined;
    return Array.isArray(saved) ? (saved as SavedNode[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps a game's variations in this browser (none kept when there are none, unless `bare` keeps the game's moves
 * alone; too large a tree is not kept).
 */
export function storeSavedTree(gameId: string, tree: MoveTree, bare = false): void {
  const storage = browserStorage();
  try {
    if (!bare && !hasVariations(tree)) {
      storage?.removeItem(keyOf(gameId));
      return;
    }
    const text = JSON.stringify(saveTree(tree));
    if (text.length <= MAX_SAVED_TREE_CHARS) storage?.setItem(keyOf(gameId), text);
  } catch {
    // A full or blocked storage keeps nothing: the tree lives as long as the page.
  }
}

/** How long after a change the tree is saved on the server (changes in between go in one save). */
export const SERVER_SAVE_MS = 1_000;

/**
 * The game's variations kept for the player (SPEC §4): in place of those shown when the page opens (this
 * browser's, then the account's), saved again after every change — in this browser, and for an account on the
 * server. A game that came with variations (an imported PGN's) keeps its moves alone once the player deleted
 * them all, so that what they deleted stays deleted. A line that was never a stored game has no id and keeps
 * nothing.
 */
export function useSavedTree(
  game: Pick<AnalysisGame, "gameId" | "variations">,
  tree: MoveTree,
  dispatch: Dispatch<TreeEvent>,
  { loggedIn, client }: { loggedIn: boolean; client: Pick<AnalysisApi, "tree" | "saveTree"> },
) {
  const { gameId, variations: comments } = game;
  const bare = (comments?.length ?? 0) > 0;
  const first = useRef(tree);
  useEffect(() => {
    if (!gameId) return;
    const saved = loadSavedTree(gameId);
    if (saved) dispatch({ type: "restore", saved, ...(comments ? { comments } : {}) });
  }, [gameId, comments, dispatch]);
  useEffect(() => {
    if (!gameId || !loggedIn) return;
    let alive = true;
    client.tree(gameId).then(
      ({ tree }) =>
        alive && tree.length > 0 && dispatch({ type: "restore", saved: tree, ...(comments ? { comments } : {}) }),
      () => {}, // this browser's copy stands in
    );
    return () => {
      alive = false;
    };
  }, [gameId, comments, loggedIn, client, dispatch]);
  useEffect(() => {
    // The game's own tree, before anything was restored or played, would overwrite what is saved.
    if (!gameId || tree === first.current) return;
    storeSavedTree(gameId, tree, bare);
    if (!loggedIn) return;
    const timer = setTimeout(() => {
      client.saveTree(gameId, bare || hasVariations(tree) ? saveTree(tree) : []).catch(() => {});
    }, SERVER_SAVE_MS);
    return () => clearTimeout(timer);
  }, [gameId, tree, bare, loggedIn, client]);
}
