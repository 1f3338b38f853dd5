import { actorKey, puzzleAttemptBody, puzzleIdParams } from "@chess/shared";
import type { FastifyInstance } from "fastify";
import { parseInput, tooManyRequests, unauthorized, unwrap } from "../../http/errors.ts";
import type { RateLimiter } from "../../storage/rateLimits.ts";
import type { RequestAuth } from "../accounts/index.ts";
import type { PuzzlesService } from "./puzzlesService.ts";

/** Tries a minute per caller: a person solving fast makes a few. */
const ATTEMPTS_PER_MINUTE = 30;

export function registerPuzzlesRoutes(
  app: FastifyInstance,
  deps: { puzzles: PuzzlesService; auth: RequestAuth; limiter: RateLimiter },
) {
  const { puzzles, auth, limiter } = deps;

  app.get("/puzzles/next", async (req) => puzzles.next(await auth.identify(req)));

  app.get("/puzzles/mine", async (req) => puzzles.deck((await auth.requireUser(req)).userId));

  app.get("/puzzles/:id", async (req) => {
    const { id } = parseInput(puzzleIdParams, req.params);
    return unwrap(await puzzles.get(id));
  });

  app.post("/puzzles/:id/attempt", async (req) => {
    const caller = await auth.identify(req);
    if (!caller) throw unauthorized("A session is needed to try puzzles - reload the page");
    const { id } = parseInput(puzzleIdParams, req.params);
    const { moves } = parseInput(puzzleAttemptBody, req.body);
    const d = await limiter.hit(`puzzle-attempt:${actorKey(caller)}`, ATTEMPTS_PER_MINUTE, 60_000);
    if (!d.ok) throw tooManyRequests(d.retryAfterMs);
    return unwrap(await puzzles.attempt(caller, id, moves));
  });
}
