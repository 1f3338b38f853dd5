import { type Dispatch, useCallback, useEffect, useRef } from "react";
import { browserStorage } from "../../lib/browserStorage.ts";
import { hasVariations, type MoveTree, type SavedNode, saveTree } from "../board/index.ts";
import type { AnalysisApi } from "./analysisApi.ts";
import type { AnalysisGame } from "./analysisGame.ts";
import type { TreeEvent } from "./treeStore.ts";

/** A stored tree's size limit in this browser (the server keeps its own). */
export const MAX_SAVED_TREE_CHARS = 64_000;
const keyOf = (gameId: string) => `analysis-tree:${gameId}`;

/**
 * A game's tree as this browser keeps it; `synced` once the server has it too. A tree not synced is a change
 * made here that never reached the server (the page closed or lost its network first): on the next visit it
 * wins over the server's older copy and is sent again, instead of being replaced by it.
 */
export interface LocalTree {
  tree: SavedNode[];
  synced: boolean;
}

/** The variations saved in this browser for a game, or undefined. */
export function loadSavedTree(gameId: string): LocalTree | undefined {
  try {
    const raw = browserStorage()?.getItem(keyOf(gameId));
    const saved: unknown = raw ? JSON.parse(raw) : undefined;
    // Before `synced` was kept, the plain tree: as the server stood, it lets the server's copy win.
    if (Array.isArray(saved)) return { tree: saved as SavedNode[], synced: true };
    if (typeof saved === "object" && saved !== null && Array.isArray((saved as LocalTree).tree)) {
      return { tree: (saved as LocalTree).tree, synced: (saved as LocalTree).synced === true };
    }
    return undefined;
  } catch {
    return undefined;
  }
}

function writeLocal(gameId: string, local: LocalTree): void {
  try {
    const text = JSON.stringify(local);
    if (text.length <= MAX_SAVED_TREE_CHARS) browserStorage()?.setItem(keyOf(gameId), text);
  } catch {
    // A full or blocked storage keeps nothing: the tree lives as long as the page.
  }
}

/**
 * Keeps a game's variations in this browser, not yet synced (none kept when there are none and the server never
 * had any, unless `bare` keeps the game's moves alone; too large a tree is not kept).
 */
export function storeSavedTree(gameId: string, tree: MoveTree, bare = false, synced = false): void {
  if (!bare && !hasVariations(tree) && synced) {
    try {
      browserStorage()?.removeItem(keyOf(gameId));
    } catch {}
    return;
  }
  writeLocal(gameId, { tree: bare || hasVariations(tree) ? saveTree(tree) : [], synced });
}

/** The server has `tree`: this browser's copy is marked synced if it is still that tree. */
function markSynced(gameId: string, tree: readonly SavedNode[]): void {
  const local = loadSavedTree(gameId);
  if (local && !local.synced && JSON.stringify(local.tree) === JSON.stringify(tree)) {
    if (local.tree.length === 0) {
      try {
        browserStorage()?.removeItem(keyOf(gameId));
      } catch {}
    } else writeLocal(gameId, { tree: local.tree, synced: true });
  }
}

/** How long after a change the tree is saved on the server (changes in between go in one save). */
export const SERVER_SAVE_MS = 1_000;

/**
 * The game's variations kept for the player (SPEC §4): in place of those shown when the page opens (this
 * browser's, then the account's, unless this browser's holds a change the server never got: that one is sent),
 * saved again after every change — in this browser, and for an account on the server, within a second and at
 * once when the page is left. A game that came with variations (an imported PGN's) keeps its moves alone once
 * the player deleted them all, so that what they deleted stays deleted. A line that was never a stored game has
 * no id and keeps nothing.
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
  // What the server holds, as far as this page knows (its text): a tree equal to it is not sent again.
  const onServer = useRef<string | undefined>(undefined);
  // A change not yet sent: sent when its second is up, or at once when the page is left.
  const pending = useRef<{ gameId: string; tree: SavedNode[] } | null>(null);

  const send = useCallback(
    (id: string, saved: SavedNode[]) => {
      const text = JSON.stringify(saved);
      client.saveTree(id, saved).then(
        () => {
          onServer.current = text;
          markSynced(id, saved);
        },
        () => {}, // kept here, not synced: sent again on the next visit
      );
    },
    [client],
  );
  const flush = useCallback(() => {
    const p = pending.current;
    pending.current = null;
    if (p) send(p.gameId, p.tree);
  }, [send]);

  useEffect(() => {
    if (!gameId) return;
    const saved = loadSavedTree(gameId);
    if (!saved) return;
    // A synced copy is the server's as this browser last saw it: shown, not sent back.
    if (saved.synced) onServer.current = JSON.stringify(saved.tree);
    dispatch({ type: "restore", saved: saved.tree, ...(comments ? { comments } : {}) });
  }, [gameId, comments, dispatch]);
  useEffect(() => {
    if (!gameId || !loggedIn) return;
    let alive = true;
    client.tree(gameId).then(
      ({ tree }) => {
        if (!alive) return;
        const local = loadSavedTree(gameId);
        if (local && !local.synced) {
          // Made here after the server's copy: it stays, and goes to the server now.
          send(gameId, local.tree);
          return;
        }
        onServer.current = JSON.stringify(tree);
        if (tree.length > 0) dispatch({ type: "restore", saved: tree, ...(comments ? { comments } : {}) });
      },
      () => {}, // this browser's copy stands in
    );
    return () => {
      alive = false;
    };
  }, [gameId, comments, loggedIn, client, dispatch, send]);
  useEffect(() => {
    // The game's own tree, before anything was restored or played, would overwrite what is saved.
    if (!gameId || tree === first.current) return;
    const saved = bare || hasVariations(tree) ? saveTree(tree) : [];
    const known = loggedIn && onServer.current === JSON.stringify(saved);
    storeSavedTree(gameId, tree, bare, !loggedIn || known);
    if (!loggedIn || known) return;
    pending.current = { gameId, tree: saved };
    const timer = setTimeout(flush, SERVER_SAVE_MS);
    return () => clearTimeout(timer);
  }, [gameId, tree, bare, loggedIn, flush]);
  useEffect(() => {
    // Leaving the page (another page of the site, or the tab closing) sends what is pending at once.
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [flush]);
}
