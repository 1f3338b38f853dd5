import { type Actor, gameIdParams, handleRematchBody, MESSAGES, offerRematchBody } from "@chess/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { notFound, parseInput, unauthorized, unwrap } from "../../http/errors.ts";
import { gameRecordJson } from "./gamesJson.ts";
import type { GamesRepo } from "./gamesRepo.ts";
import type { Rematches } from "./rematches.ts";

/** The database did not say in time whether the offer or answer was stored: as a 503, asked again later. */
const UNSETTLED_STATUS = { unsettled: 503 };

export function registerGamesRoutes(
  app: FastifyInstance,
  deps: {
    repo: GamesRepo;
    rematches: Rematches;
    /** The caller by cookie / Session-ID header, else by a sessionId in the body (SPEC §7 rematch calls). */
    identify(req: FastifyRequest, bodySessionId?: string): Promise<Actor | undefined>;
  },
) {
  const { repo, rematches, identify } = deps;

  app.get("/history/:gameId", async (req) => {
    const { gameId } = parseInput(gameIdParams, req.params);
    const row = await repo.game(gameId);
    if (!row) throw notFound("Game not found");
    // A game in progress keeps its moves in move rows until it ends.
    const moves = row.status === "active" ? (await repo.moves(gameId)).map((m) => m.san).join(" ") : row.moves;
    return gameRecordJson({ ...row, moves });
  });

  app.post("/game/offer-rematch", async (req) => {
    const body = parseInput(offerRematchBody, req.body);
    const actor = await identify(req, body.sessionId);
    if (!actor) throw unauthorized(MESSAGES.unknownSession);
    const data = unwrap(await rematches.offer(actor, body.previousGameId), UNSETTLED_STATUS);
    return { successMsg: "Rematch offered", ...data };
  });

  app.post("/game/handle-rematch-offer", async (req) => {
    const body = parseInput(handleRematchBody, req.body);
    const actor = await identify(req, body.sessionId);
    if (!actor) throw unauthorized(MESSAGES.unknownSession);
    const data = unwrap(await rematches.answer(actor, body.offerId, body.accept), UNSETTLED_STATUS);
    return { successMsg: body.accept ? "Rematch accepted" : "Offer declined", ...data };
  });
}
