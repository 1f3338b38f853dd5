import { z } from "zod";

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
