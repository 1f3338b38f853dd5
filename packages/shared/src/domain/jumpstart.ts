import { z } from "zod";

/**
 * Jumpstart (SPEC §1, §9): a game that starts from a realistic position. "Move count" is the position's
 * move number (the FEN's full-move counter: move 15 means fourteen moves of each side were played).
 * Evaluation limits are in pawns from White's point of view; the worse side goes to the handicapped player.
 */
export interface Range {
  min: number;
  max: number;
}

export const GAME_STAGES = {
  early: { label: "Early game", moves: { min: 10, max: 20 } },
  mid: { label: "Middlegame", moves: { min: 20, max: 40 } },
  late: { label: "Late game", moves: { min: 40, max: 100 } },
} as const;
export type GameStage = keyof typeof GAME_STAGES;

export const HANDICAPS = {
  almostEven: { label: "Almost even", eval: { min: 0, max: 1 } },
  uphill: { label: "Uphill battle", eval: { min: 1, max: 3 } },
  freeClimbing: { label: "Free climbing", eval: { min: 3, max: 5 } },
} as const;
export type Handicap = keyof typeof HANDICAPS;

/** Custom range sliders of the Create Game modal. */
export const JUMPSTART_CUSTOM = {
  eval: { min: 0, max: 5, step: 0.2 },
  moves: { min: 10, max: 100, step: 1 },
} as const;

/** Free-board randomization sliders: eval −5..5 step 0.5, moves 0..100 step 5. */
export const FREE_BOARD_RANDOM = {
  eval: { min: -5, max: 5, step: 0.5 },
  moves: { min: 0, max: 100, step: 5 },
} as const;

/** SPEC §5: the Create Game check for jumpstart; returns the message, or undefined when complete. */
export function missingJumpstartFields(choice: {
  handicap?: unknown;
  stage?: unknown;
  timeVariant?: unknown;
}): string | undefined {
  const missing = [
    choice.handicap == null ? "Handicap" : undefined,
    choice.stage == null ? "Game Stage" : undefined,
    choice.timeVariant == null ? "Time Variant" : undefined,
  ].filter(Boolean);
  return missing.length ? `You are missing the following input fields: ${missing.join(", ")}` : undefined;
}

const num = (name: string) =>
  z.coerce.number({ error: `${name} must be a number` }).refine(Number.isFinite, `${name} must be a number`);

/** GET /game/random-position query. */
export const randomPositionQuery = z
  .object({
    lower_eval_limit: num("lower_eval_limit").pipe(z.number().min(-20).max(20)),
    upper_eval_limit: num("upper_eval_limit").pipe(z.number().min(-20).max(20)),
    lower_move_limit: num("lower_move_limit").pipe(z.number().int().min(0).max(150)),
    upper_move_limit: num("upper_move_limit").pipe(z.number().int().min(0).max(150)),
  })
  .refine((q) => q.lower_eval_limit <= q.upper_eval_limit, "lower_eval_limit must not exceed upper_eval_limit")
  .refine((q) => q.lower_move_limit <= q.upper_move_limit, "lower_move_limit must not exceed upper_move_limit");
export type RandomPositionQuery = z.infer<typeof randomPositionQuery>;

/** The preset a query names exactly, if any (served from the pre-generated pool). */
export function presetOf(q: RandomPositionQuery): { stage: GameStage; handicap: Handicap } | undefined {
  for (const [stage, s] of Object.entries(GAME_STAGES) as Array<[GameStage, (typeof GAME_STAGES)[GameStage]]>) {
    if (s.moves.min !== q.lower_move_limit || s.moves.max !== q.upper_move_limit) continue;
    for (const [handicap, h] of Object.entries(HANDICAPS) as Array<[Handicap, (typeof HANDICAPS)[Handicap]]>) {
      if (h.eval.min === q.lower_eval_limit && h.eval.max === q.upper_eval_limit) return { stage, handicap };
    }
  }
  return undefined;
}
