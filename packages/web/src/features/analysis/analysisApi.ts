import type {
  AnalysisEntry,
  AnalysisProgress,
  GameRecord,
  ImportedGame,
  SavedTreeNode,
  SavedTreeResponse,
} from "@chess/shared";
import { api, apiRequest, retryingRestarts } from "../../lib/api.ts";

const enc = encodeURIComponent;

/** The analysis calls of SPEC §7 and the game record they analyse. Each rejects with ApiRequestError. */
export const analysisApi = {
  /** GET /history/{gameId}: the finished game (public). */
  gameRecord: (gameId: string, signal?: AbortSignal) => api.get<GameRecord>(`/history/${enc(gameId)}`, signal),
  /** GET /game/analysis/{gameId}: one entry per position; the first call may take seconds, across a restart. */
  gameAnalysis: (gameId: string) => retryingRestarts(() => api.get<AnalysisEntry[]>(`/game/analysis/${enc(gameId)}`)),
  /** GET /game/analysis/{gameId}/progress while the call above runs. */
  progress: (gameId: string) => api.get<AnalysisProgress>(`/game/analysis/${enc(gameId)}/progress`),
  /** POST /game/analysis/single-move: the last position of `moves` played from `initialPosition`. */
  singleMove: (initialPosition: string, moves: readonly string[]) =>
    api.post<AnalysisEntry[]>("/game/analysis/single-move", { initialPosition, moves }),
  /**
   * POST /analysis/import: the `index`th game of a PGN stored (the first by default), with the side the importer
   * played (whose mistakes become their puzzles; by default the side named after them, else both).
   */
  importPgn: (pgn: string, options: { index?: number; side?: "white" | "black" } = {}) =>
    api.post<ImportedGame>("/analysis/import", { pgn, ...options }),
  /** GET /analysis/import/{importId}: an imported game (public). */
  importedGame: (importId: string, signal?: AbortSignal) =>
    api.get<ImportedGame>(`/analysis/import/${enc(importId)}`, signal),
  /** GET /game/analysis/{gameId}/tree: the variations the player keeps for the game. */
  tree: (gameId: string) => api.get<SavedTreeResponse>(`/game/analysis/${enc(gameId)}/tree`),
  /** PUT /game/analysis/{gameId}/tree; `keepalive` lets the last save finish as the page closes. */
  saveTree: (gameId: string, tree: SavedTreeNode[]) =>
    apiRequest<{ successMsg: string }>("PUT", `/game/analysis/${enc(gameId)}/tree`, { tree }, undefined, {
      keepalive: true,
    }),
};

export type AnalysisApi = typeof analysisApi;
