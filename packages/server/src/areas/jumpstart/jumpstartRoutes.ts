import { chess960Fen, randomPositionQuery } from "@chess/shared";
import type { FastifyInstance } from "fastify";
import { addressKey } from "../../http/addressKey.ts";
import { HttpError, parseInput, tooManyRequests } from "../../http/errors.ts";
import type { Stopping } from "../../http/stopping.ts";
import { JobsUnavailableError } from "../../jobs/index.ts";
import type { RateLimiter } from "../../storage/rateLimits.ts";
import { EngineBusyError } from "../analysis/index.ts";
import { type JumpstartService, NoPositionError } from "./jumpstartService.ts";

/** A position can cost engine seconds: bounded per address. */
const REQUESTS_PER_MINUTE = 60;

export function registerJumpstartRoutes(
  app: FastifyInstance,
  deps: { jumpstart: JumpstartService; limiter: RateLimiter; stopping: Stopping },
) {
  const { jumpstart, limiter, stopping } = deps;

  app.get("/game/random-position", async (req) => {
    const q = parseInput(randomPositionQuery, req.query);
    const d = await limiter.hit(`random-position:${addressKey(req.ip)}`, REQUESTS_PER_MINUTE, 60_000);
    if (!d.ok) throw tooManyRequests(d.retryAfterMs);
    try {
      const p = await stopping.race(jumpstart.position(q));
      return { fen: p.fen, eval: p.eval, source: p.fromPool ? "pool" : "generated" };
    } catch (error) {
      if (error instanceof NoPositionError) throw new HttpError(503, "no_position", error.message);
      if (error instanceof EngineBusyError || error instanceof JobsUnavailableError) {
        throw new HttpError(503, "busy", error.message, { "retry-after": "30" });
      }
      throw error;
    }
  });

  app.get("/game/shuffle-board", async () => ({ fen: chess960Fen() }));
}
