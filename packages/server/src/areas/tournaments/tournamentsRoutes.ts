import { createArenaBody, standingsQuery, tournamentParams, usernameParams } from "@chess/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { wantsPage } from "../../http/app.ts";
import { parseInput, unwrap } from "../../http/errors.ts";
import type { Result } from "../../util/result.ts";
import type { RequestAuth } from "../accounts/index.ts";
import type { ArenaUser, TournamentsService } from "./tournamentsService.ts";

/** The area's own refusal codes and their statuses; any other is the arena's state (409). */
const TOURNAMENT_STATUS: Readonly<Record<string, number>> = {
  settings: 400,
  conditions: 403,
  unavailable: 503,
};

const orThrow = <T>(answer: Result<T>): T => unwrap(answer, TOURNAMENT_STATUS);

/** The tournaments' HTTP routes: validate → the caller → service → its answer (the service presents). */
export function registerTournamentsRoutes(
  app: FastifyInstance,
  deps: { service: TournamentsService; auth: RequestAuth },
) {
  const { service, auth } = deps;
  const user = async (req: FastifyRequest): Promise<ArenaUser> => {
    const u = await auth.requireUser(req);
    return { userId: u.userId, username: u.username };
  };
  const viewer = async (req: FastifyRequest): Promise<ArenaUser | null> => {
    const u = await auth.identify(req);
    return u && u.userId !== null && !u.isGuest ? { userId: u.userId, username: u.username } : null;
  };

  // A person who types the API's path in the address bar wants the list page (lichess's `/tournament`).
  app.get("/tournaments", async (req, reply) => (wantsPage(req) ? reply.redirect("/tournament") : service.list()));

  app.post("/tournaments", async (req, reply) => {
    const u = await user(req);
    const body = parseInput(createArenaBody, req.body);
    return reply.status(201).send(orThrow(await service.create(u, body)));
  });

  app.get("/tournaments/trophies/:username", async (req) => {
    const { username } = parseInput(usernameParams, req.params);
    return orThrow(await service.trophies(username));
  });

  app.get("/tournaments/:id", async (req) => {
    const { id } = parseInput(tournamentParams, req.params);
    return orThrow(await service.view(await viewer(req), id));
  });

  app.get("/tournaments/:id/standings", async (req) => {
    const { id } = parseInput(tournamentParams, req.params);
    const { page } = parseInput(standingsQuery, req.query);
    return orThrow(await service.standings(id, page));
  });

  app.post("/tournaments/:id/join", async (req) => {
    const u = await user(req);
    const { id } = parseInput(tournamentParams, req.params);
    return orThrow(await service.join(u, id));
  });

  app.post("/tournaments/:id/pause", async (req) => {
    const u = await user(req);
    const { id } = parseInput(tournamentParams, req.params);
    return orThrow(await service.pause(u, id));
  });
}
