import { z } from "zod";
import { PGN_LIMITS } from "../chess/pgnImport.ts";

/** POST /game/analysis/single-move: the last position of `moves` played from `initialPosition`. */
export const singleMoveBody = z.object({
  /** A FEN, or "start". */
  initialPosition: z.string({ error: 'initialPosition must be a FEN or "start"' }).trim().min(1).max(100),
  /** SAN or UCI moves, as a list or a space-separated string. */
  moves: z
    .union([z.array(z.string().max(10)).max(600), z.string().max(6000)])
    .transform((m) => (typeof m === "string" ? m.split(/\s+/).filter(Boolean) : m))
    .refine((m) => m.length <= 600, "At most 600 moves"),
});
export type SingleMoveBody = z.infer<typeof singleMoveBody>;

/** GET /game/analysis/{gameId}/progress */
export interface AnalysisProgress {
  status: "none" | "running" | "done";
  done: number;
  total: number;
}

/** A move of a saved analysis tree: SAN, the moves after it (the continuation first), `e` for an engine line's. */
export interface SavedTreeNode {
  s: string;
  c?: SavedTreeNode[];
  e?: 1;
  /** The comment after the move: an imported PGN's tree has them; a player's saved tree keeps none. */
  m?: string;
}

/** At most this many moves in one game's saved tree. */
export const MAX_TREE_NODES = 2_000;
/** The body of PUT /game/analysis/{gameId}/tree may be at most this many bytes. */
export const MAX_TREE_BYTES = 128 * 1024;

const savedTreeNode: z.ZodType<SavedTreeNode> = z.lazy(() =>
  z.object({
    s: z.string().min(2).max(10),
    c: z.array(savedTreeNode).max(64).optional(),
    e: z.literal(1).optional(),
  }),
);

const countNodes = (nodes: readonly SavedTreeNode[]): number =>
  nodes.reduce((n, node) => n + 1 + countNodes(node.c ?? []), 0);

/** PUT /game/analysis/{gameId}/tree: the player's variations of a game, with its own moves (empty: none kept). */
export const savedTreeBody = z.object({
  tree: z
    .array(savedTreeNode)
    .max(64)
    .refine((t) => countNodes(t) <= MAX_TREE_NODES, `At most ${MAX_TREE_NODES} moves in a tree`),
});
export type SavedTreeBody = z.infer<typeof savedTreeBody>;

/** GET /game/analysis/{gameId}/tree */
export interface SavedTreeResponse {
  tree: SavedTreeNode[];
}

/**
 * POST /analysis/import: a PGN file's text, when it holds many games which one (0 the first), and the side the
 * importer played (their mistakes become their puzzles; by default the side whose tag names them, else both).
 */
export const importPgnBody = z.object({
  pgn: z
    .string({ error: "Paste a PGN or choose a file" })
    .max(PGN_LIMITS.chars, "A PGN file may be at most 1 MB")
    .refine((t) => t.trim().length > 0, "Paste a PGN or choose a file"),
  index: z
    .number()
    .int()
    .min(0)
    .max(PGN_LIMITS.games - 1)
    .optional(),
  side: z.enum(["white", "black"], { error: "side must be white or black" }).optional(),
});
export type ImportPgnBody = z.infer<typeof importPgnBody>;

/** An imported game's id: "import-" and random characters. */
export const importIdParams = z.object({ importId: z.string().regex(/^import-[\w-]{1,40}$/, "No such game") });

/** POST /analysis/import and GET /analysis/import/{importId}: a game imported from PGN. */
export interface ImportedGame {
  /** Opens at /analysis?import={importId}; the analysis routes take it as a game id. */
  importId: string;
  initialFen: string;
  /** SAN, space-separated. */
  moves: string;
  /** The PGN's tags, e.g. {White: "alice", Event: "Casual game"}. */
  tags: Record<string, string>;
  white: string | null;
  black: string | null;
  result: "1-0" | "0-1" | "1/2-1/2" | "*";
  /** The PGN's variations, as a saved tree with the game's own moves (empty: it had none): the board's tree. */
  tree: SavedTreeNode[];
  /** The PGN's comment before the first move, shown above the moves; absent when it had none. */
  comment?: string;
  variant: "standard" | "chess960";
  createdAt: number;
}
