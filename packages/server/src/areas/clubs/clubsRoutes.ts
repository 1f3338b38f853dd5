import {
  type AccountActor,
  CLUB_MESSAGES,
  clubIdBody,
  clubIdQuery,
  clubNameQuery,
  clubSearchQuery,
  clubSettingsBody,
  createClubBody,
  createEventBody,
  createPostBody,
  handleInvitationBody,
  handleJoinRequestBody,
  inviteBody,
  joinClubBody,
} from "@chess/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { parseInput, unauthorized, unwrap } from "../../http/errors.ts";
import type { RequestAuth } from "../accounts/index.ts";
import type { ClubsService } from "./clubsService.ts";

/** Clubs, posts and events (SPEC §7); every route is for logged-in members, checked in the service. */
export function registerClubsRoutes(app: FastifyInstance, deps: { clubs: ClubsService; auth: RequestAuth }) {
  const { clubs, auth } = deps;
  const user = async (req: FastifyRequest): Promise<AccountActor> => {
    const actor = await auth.identify(req);
    if (!actor || actor.isGuest || actor.userId === null) throw unauthorized(CLUB_MESSAGES.notLoggedIn);
    return actor as AccountActor;
  };

  app.post("/club/create", async (req, reply) => {
    const u = await user(req);
    const { clubName, joinPolicy, description } = parseInput(createClubBody, req.body);
    const club = unwrap(await clubs.create(u, clubName, { joinPolicy, description }));
    return reply.status(201).send({ ...club, successMsg: CLUB_MESSAGES.created });
  });

  app.get("/club/list", async (req) => clubs.list(await user(req)));
  app.get("/club/list-invitations", async (req) => clubs.invitations(await user(req)));

  app.post("/club/handle-invitation", async (req) => {
    const u = await user(req);
    const { clubId, accepted } = parseInput(handleInvitationBody, req.body);
    unwrap(await clubs.answer(u, clubId, accepted));
    return { successMsg: accepted ? "Invitation accepted" : "Invitation declined" };
  });

  app.post("/club/invite", async (req) => {
    const u = await user(req);
    const { clubId, inviteeUsername } = parseInput(inviteBody, req.body);
    unwrap(await clubs.invite(u, clubId, inviteeUsername));
    return { successMsg: CLUB_MESSAGES.invited };
  });

  app.get("/club/search", async (req) => {
    const u = await user(req);
    const { q, pageNo } = parseInput(clubSearchQuery, req.query);
    return clubs.search(u, q, pageNo);
  });

  app.post("/club/join", async (req) => {
    const u = await user(req);
    const { clubId } = parseInput(joinClubBody, req.body);
    const { joined, message } = unwrap(await clubs.join(u, clubId));
    return { successMsg: message, joined };
  });

  app.get("/club/join-requests/waiting", async (req) => clubs.waitingJoinRequests(await user(req)));

  app.get("/club/join-requests", async (req) => {
    const u = await user(req);
    return unwrap(await clubs.joinRequests(u, parseInput(clubIdQuery, req.query).clubId));
  });

  app.post("/club/handle-join-request", async (req) => {
    const u = await user(req);
    const { clubId, username, accept } = parseInput(handleJoinRequestBody, req.body);
    unwrap(await clubs.answerJoinRequest(u, clubId, username, accept));
    return { successMsg: accept ? "Request accepted" : "Request declined" };
  });

  app.post("/club/settings", async (req) => {
    const u = await user(req);
    const { clubId, joinPolicy, description } = parseInput(clubSettingsBody, req.body);
    unwrap(await clubs.setJoinPolicy(u, clubId, joinPolicy, description));
    return { successMsg: CLUB_MESSAGES.policySaved };
  });

  app.get("/club/users", async (req) => {
    const u = await user(req);
    const { clubName } = parseInput(clubNameQuery, req.query);
    return unwrap(await clubs.members(u, clubName));
  });

  app.post("/club/leave", async (req) => {
    const u = await user(req);
    const { clubId } = parseInput(clubIdBody, req.body);
    return { message: unwrap(await clubs.leave(u, clubId)) };
  });

  app.get("/post/list", async (req) => {
    const u = await user(req);
    return unwrap(await clubs.posts(u, parseInput(clubIdQuery, req.query).clubId));
  });

  app.post("/post/create", async (req, reply) => {
    const u = await user(req);
    const { clubId, text } = parseInput(createPostBody, req.body);
    return reply.status(201).send({ id: unwrap(await clubs.addPost(u, clubId, text)), successMsg: "Post published" });
  });

  app.get("/event/list", async (req) => {
    const u = await user(req);
    return unwrap(await clubs.events(u, parseInput(clubIdQuery, req.query).clubId));
  });

  app.post("/event/create", async (req, reply) => {
    const u = await user(req);
    const { clubId, title, eventDate } = parseInput(createEventBody, req.body);
    const id = unwrap(await clubs.addEvent(u, clubId, title, eventDate));
    return reply.status(201).send({ id, successMsg: "Note added" });
  });
}
