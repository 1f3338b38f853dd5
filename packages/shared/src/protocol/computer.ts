import { z } from "zod";
import { COMPUTER_LEVELS } from "../domain/computer.ts";
import { COLOR_CHOICES } from "../domain/variant.ts";
import { createGameOfferPayload } from "./lobby.ts";

/**
 * playComputer {level, baseTime, increment, color, fen?}: a game against Stockfish at `level` (1-8), with the
 * offer's time rules, from the start or from `fen` (a position of the analysis or free board). `untimed: true`,
 * our addition, plays it without a clock (lichess's "Unlimited"), and then takes no baseTime or increment.
 */
export const playComputerPayload = z
  .object({
    level: z
      .number({ error: "level must be a number from 1 to 8" })
      .int("level must be a whole number from 1 to 8")
      .refine((v) => (COMPUTER_LEVELS as readonly number[]).includes(v), "level must be from 1 to 8"),
    baseTime: createGameOfferPayload.shape.baseTime.optional(),
    increment: createGameOfferPayload.shape.increment.optional(),
    untimed: z.boolean({ error: "untimed must be true or false" }).optional(),
    color: z.enum(COLOR_CHOICES).default("random"),
    fen: z.string().trim().min(1, "fen cannot be empty").max(120, "fen is too long").optional(),
  })
  .superRefine((p, ctx) => {
    const clock = p.baseTime !== undefined || p.increment !== undefined;
    if (p.untimed && clock) {
      ctx.addIssue({ code: "custom", path: ["untimed"], message: "An untimed game takes no baseTime or increment" });
    } else if (!p.untimed && p.baseTime === undefined) {
      ctx.addIssue({ code: "custom", path: ["baseTime"], message: "baseTime must be a number of minutes" });
    } else if (!p.untimed && p.increment === undefined) {
      ctx.addIssue({ code: "custom", path: ["increment"], message: "increment must be a number of seconds" });
    }
  });
export type PlayComputerPayload = z.infer<typeof playComputerPayload>;

/** takeback {gameId}: against the computer only, the caller's last move and the computer's reply to it. */
export const takebackPayload = z.object({ gameId: z.string().min(1).max(64) });

/** takenBack: moves were taken back; `ply` is the number of half-moves left. Clients resync. */
export interface TakenBack {
  gameId: string;
  ply: number;
  eventNo: number;
}
