import {
  dailyChallengeBody,
  dailyConditionalsBody,
  dailyOfferBody,
  dailyOfferParams,
  dailyRematchBody,
  gameIdParams,
} from "@chess/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { notFound, parseInput, unwrap } from "../../http/errors.ts";
import type { Result } from "../../util/result.ts";
import type { RequestAuth } from "../accounts/index.ts";
import type { DailyOffersService } from "./dailyOffers.ts";
import type { DailyService, DailyUser } from "./dailyService.ts";
import type { DailyVacations } from "./dailyVacations.ts";

/**
 * The daily area's own refusal codes and their statuses: a bad value is the request's fault (400); a blocked
 * player is forbidden; a store that cannot answer is a 503. Any other code is the state of the game (409).
 */
const DAILY_STATUS: Readonly<Record<string, number>> = {
  bad_days: 400,
  illegal: 400,
  bad_move: 400,
  too_many_lines: 400,
  line_too_long: 400,
  line_too_short: 400,
  after_end: 400,
  conflict: 400,
  blocked: 403,
  unavailable: 503,
};

const orThrow = <T>(answer: Result<T>): T => unwrap(answer, DAILY_STATUS);

/** The daily area's HTTP routes: validate → the caller → service → its answer (the service presents). */
export function registerDailyRoutes(
  app: FastifyInstance,
  deps: { games: DailyService; offers: DailyOffersService; vacations: DailyVacations; auth: RequestAuth },
) {
  const { games, offers, vacations, auth } = deps;
  const user = async (req: FastifyRequest): Promise<DailyUser> => {
    const u = await auth.requireUser(req);
    return { userId: u.userId, username: u.username };
  };
  const viewer = async (req: FastifyRequest) => (await auth.identify(req))?.userId ?? null;

  app.get("/daily/offers", async (req) => offers.list(await viewer(req)));

  app.post("/daily/offers", async (req, reply) => {
    const u = await user(req);
    const body = parseInput(dailyOfferBody, req.body);
    return reply.status(201).send(orThrow(await offers.create(u, body)));
  });

  app.delete("/daily/offers/:offerId", async (req) => {
    const u = await user(req);
    const { offerId } = parseInput(dailyOfferParams, req.params);
    orThrow(await offers.cancel(u, offerId));
    return { successMsg: "Offer withdrawn" };
  });

  app.post("/daily/offers/:offerId/accept", async (req) => {
    const u = await user(req);
    const { offerId } = parseInput(dailyOfferParams, req.params);
    return orThrow(await offers.accept(u, offerId));
  });

  app.post("/daily/offers/:offerId/decline", async (req) => {
    const u = await user(req);
    const { offerId } = parseInput(dailyOfferParams, req.params);
    orThrow(await offers.decline(u, offerId));
    return { successMsg: "Challenge declined" };
  });

  app.get("/daily/challenges", async (req) => offers.challenges((await user(req)).userId));

  app.post("/daily/challenges", async (req, reply) => {
    const u = await user(req);
    const body = parseInput(dailyChallengeBody, req.body);
    return reply.status(201).send(orThrow(await offers.challenge(u, body)));
  });

  app.post("/daily/rematch", async (req, reply) => {
    const u = await user(req);
    const { gameId } = parseInput(dailyRematchBody, req.body);
    const answer = orThrow(await offers.rematch(u, gameId));
    return reply.status(answer && "offerId" in answer ? 201 : 200).send(answer);
  });

  app.get("/daily/games", async (req) => games.gamesOf((await user(req)).userId));

  app.get("/daily/game/:gameId", async (req) => {
    const { gameId } = parseInput(gameIdParams, req.params);
    const game = await games.snapshot(gameId, await viewer(req));
    if (!game) throw notFound("Daily game not found");
    return game;
  });

  app.put("/daily/game/:gameId/conditionals", async (req) => {
    const u = await user(req);
    const { gameId } = parseInput(gameIdParams, req.params);
    const { lines } = parseInput(dailyConditionalsBody, req.body);
    return orThrow(await games.setConditionals(u, gameId, lines));
  });

  app.get("/daily/vacation", async (req) => vacations.status((await user(req)).userId));
  app.post("/daily/vacation", async (req) => orThrow(await vacations.start((await user(req)).userId)));
  app.delete("/daily/vacation", async (req) => orThrow(await vacations.end((await user(req)).userId)));
}
