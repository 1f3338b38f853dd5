import { clubMatchesQuery, clubMatchJoinBody, clubMatchParams, createClubMatchBody } from "@chess/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { parseInput, unwrap } from "../../http/errors.ts";
import type { Result } from "../../util/result.ts";
import type { RequestAuth } from "../accounts/index.ts";
import type { ClubMatchesService, MatchUser } from "./clubMatchesService.ts";

/** A start position or a store that cannot answer is the server's (503); other codes are the match's state (409). */
const STATUS: Readonly<Record<string, number>> = { no_position: 503, unavailable: 503 };

const orThrow = <T>(answer: Result<T>): T => unwrap(answer, STATUS);

/** Club matches over HTTP: validate → the caller → the service (which decides who may) → its answer. */
export function registerClubMatchesRoutes(
  app: FastifyInstance,
  deps: { matches: ClubMatchesService; auth: RequestAuth },
) {
  const { matches, auth } = deps;
  const user = async (req: FastifyRequest): Promise<MatchUser> => {
    const u = await auth.requireUser(req);
    return { userId: u.userId, username: u.username };
  };
  const matchId = (req: FastifyRequest) => parseInput(clubMatchParams, req.params).matchId;

  app.post("/club-matches", async (req, reply) => {
    const u = await user(req);
    const body = parseInput(createClubMatchBody, req.body);
    return reply.status(201).send(orThrow(await matches.create(u, body)));
  });

  app.get("/club-matches", async (req) => {
    const u = await user(req);
    const { clubId } = parseInput(clubMatchesQuery, req.query);
    return orThrow(await matches.list(u, clubId));
  });

  app.get("/club-matches/:matchId", async (req) => {
    const u = await user(req);
    return orThrow(await matches.view(u, matchId(req)));
  });

  app.post("/club-matches/:matchId/accept", async (req) =>
    orThrow(await matches.accept(await user(req), matchId(req))),
  );
  app.post("/club-matches/:matchId/decline", async (req) =>
    orThrow(await matches.decline(await user(req), matchId(req))),
  );
  app.post("/club-matches/:matchId/cancel", async (req) =>
    orThrow(await matches.cancel(await user(req), matchId(req))),
  );
  app.post("/club-matches/:matchId/leave", async (req) => orThrow(await matches.leave(await user(req), matchId(req))));
  app.post("/club-matches/:matchId/start", async (req) => orThrow(await matches.start(await user(req), matchId(req))));

  app.post("/club-matches/:matchId/join", async (req) => {
    const u = await user(req);
    const id = matchId(req);
    const body = parseInput(clubMatchJoinBody, req.body);
    return orThrow(await matches.join(u, id, body?.clubId ?? undefined));
  });
}
