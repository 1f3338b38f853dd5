import {
  actorKey,
  gameIdParams,
  importIdParams,
  importPgnBody,
  MAX_TREE_BYTES,
  savedTreeBody,
  singleMoveBody,
} from "@chess/shared";
import type { FastifyInstance } from "fastify";
import { parseInput, tooManyRequests, unwrap } from "../../http/errors.ts";
import type { Stopping } from "../../http/stopping.ts";
import type { RateLimiter } from "../../storage/rateLimits.ts";
import type { Result } from "../../util/result.ts";
import type { RequestAuth } from "../accounts/index.ts";
import type { ImportService } from "./analysisImports.ts";
import { ANALYSIS_STATUS, type AnalysisService } from "./analysisService.ts";

/** lichess: 40 computed game analyses a day per user; stored ones are free. */
const NEW_ANALYSES_PER_DAY = 40;
const SINGLE_MOVES_PER_MINUTE = 60;
/** Imports an hour: a caller (guest or account) and an address. */
const IMPORTS_PER_HOUR = 30;
const IMPORTS_PER_HOUR_PER_IP = 100;
/** A 1 MB PGN as a JSON string, escapes and all. */
const IMPORT_BODY_BYTES = 2_500_000;
/** The board saves a tree a second or so after each change. */
const TREE_SAVES_PER_MINUTE = 60;

const orThrow = <T>(answer: Result<T>): T => unwrap(answer, ANALYSIS_STATUS);

export function registerAnalysisRoutes(
  app: FastifyInstance,
  deps: {
    analysis: AnalysisService;
    imports: ImportService;
    auth: RequestAuth;
    limiter: RateLimiter;
    stopping: Stopping;
  },
) {
  const { analysis, imports, auth, limiter, stopping } = deps;

  app.get("/game/analysis/:gameId", async (req) => {
    const user = await auth.requireUser(req);
    const { gameId } = parseInput(gameIdParams, req.params);
    if ((await analysis.progress(gameId)).status === "none") {
      const d = await limiter.hit(`analysis:${user.userId}`, NEW_ANALYSES_PER_DAY, 24 * 3600_000);
      if (!d.ok) throw tooManyRequests(d.retryAfterMs);
    }
    return orThrow(await stopping.race(analysis.gameAnalysis(gameId)));
  });

  app.get("/game/analysis/:gameId/progress", async (req) => {
    await auth.requireUser(req);
    const { gameId } = parseInput(gameIdParams, req.params);
    return analysis.progress(gameId);
  });

  app.post("/game/analysis/single-move", async (req) => {
    const user = await auth.requireUser(req);
    const body = parseInput(singleMoveBody, req.body);
    const d = await limiter.hit(`single-move:${user.userId}`, SINGLE_MOVES_PER_MINUTE, 60_000);
    if (!d.ok) throw tooManyRequests(d.retryAfterMs);
    return orThrow(await stopping.race(analysis.singleMove(body.initialPosition, body.moves, user)));
  });

  app.get("/game/analysis/:gameId/tree", async (req) => {
    const user = await auth.requireUser(req);
    const { gameId } = parseInput(gameIdParams, req.params);
    return { tree: orThrow(await analysis.tree(user.userId, gameId)) };
  });

  app.put("/game/analysis/:gameId/tree", { bodyLimit: MAX_TREE_BYTES }, async (req) => {
    const user = await auth.requireUser(req);
    const { gameId } = parseInput(gameIdParams, req.params);
    const { tree } = parseInput(savedTreeBody, req.body);
    const d = await limiter.hit(`analysis-tree:${user.userId}`, TREE_SAVES_PER_MINUTE, 60_000);
    if (!d.ok) throw tooManyRequests(d.retryAfterMs);
    orThrow(await analysis.saveTree(user.userId, gameId, tree));
    return { successMsg: "Variations saved" };
  });

  app.post("/analysis/import", { bodyLimit: IMPORT_BODY_BYTES }, async (req) => {
    const caller = await auth.identify(req);
    const body = parseInput(importPgnBody, req.body);
    for (const [key, limit] of [
      [`import:${caller ? actorKey(caller) : "nobody"}`, IMPORTS_PER_HOUR],
      [`import-ip:${req.ip}`, IMPORTS_PER_HOUR_PER_IP],
    ] as const) {
      const d = await limiter.hit(key, limit, 3600_000);
      if (!d.ok) throw tooManyRequests(d.retryAfterMs);
    }
    const owner = caller?.userId != null ? { userId: caller.userId, username: caller.username } : null;
    return orThrow(await imports.importPgn(body, owner));
  });

  app.get("/analysis/import/:importId", async (req) => {
    const { importId } = parseInput(importIdParams, req.params);
    return orThrow(await imports.imported(importId));
  });
}
