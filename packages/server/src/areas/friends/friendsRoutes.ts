import {
  FRIEND_MESSAGES,
  friendNameBody,
  friendNameParams,
  handleFriendRequestBody,
  messagesQuery,
} from "@chess/shared";
import type { FastifyInstance } from "fastify";
import { parseInput, unwrap } from "../../http/errors.ts";
import type { RequestAuth } from "../accounts/index.ts";
import type { FriendsService } from "./friendsService.ts";

export function registerFriendsRoutes(app: FastifyInstance, deps: { friends: FriendsService; auth: RequestAuth }) {
  const { friends, auth } = deps;
  const user = auth.requireUser;

  app.post("/friend/send-request", async (req) => {
    const u = await user(req);
    const { friendName } = parseInput(friendNameBody, req.body);
    return { successMsg: unwrap(await friends.sendRequest(u, friendName)) };
  });

  app.get("/friend/list-invites", async (req) => friends.invites(await user(req)));
  app.get("/friend/list-sent", async (req) => friends.sent(await user(req)));

  app.post("/friend/withdraw-request", async (req) => {
    const u = await user(req);
    const { friendName } = parseInput(friendNameBody, req.body);
    return { successMsg: unwrap(await friends.withdraw(u, friendName)) };
  });
  app.get("/friend/list", async (req) => friends.list(await user(req)));

  app.post("/friend/handle-request", async (req) => {
    const u = await user(req);
    const { inviterId, accepted } = parseInput(handleFriendRequestBody, req.body);
    return { successMsg: unwrap(await friends.answer(u, inviterId, accepted)) };
  });

  app.get("/friend/messages/:friendName", async (req) => {
    const u = await user(req);
    const { friendName } = parseInput(friendNameParams, req.params);
    const { pageNo } = parseInput(messagesQuery, req.query);
    return unwrap(await friends.messages(u, friendName, pageNo));
  });

  /** Always the caller's own counts: there is no parameter naming whose. */
  app.get("/friend/unread", async (req) => friends.unread(await user(req)));

  /**
   * The recipient read the conversation. A POST of its own rather than a side effect of GET /messages, so
   * reading stays safe to repeat and prefetch, and paging older messages never counts as reading.
   */
  app.post("/friend/messages/:friendName/read", async (req) => {
    const u = await user(req);
    return unwrap(await friends.markRead(u, parseInput(friendNameParams, req.params).friendName));
  });

  /** Whether the caller may message and challenge that player now, and why not. */
  app.get("/friend/contact/:friendName", async (req) => {
    const u = await user(req);
    return unwrap(await friends.contact(u, parseInput(friendNameParams, req.params).friendName));
  });

  app.get("/friend/blocked", async (req) => friends.blocked(await user(req)));

  app.post("/friend/block", async (req) => {
    const u = await user(req);
    unwrap(await friends.block(u, parseInput(friendNameBody, req.body).friendName));
    return { successMsg: FRIEND_MESSAGES.blockedDone };
  });

  app.post("/friend/unblock", async (req) => {
    const u = await user(req);
    unwrap(await friends.unblock(u, parseInput(friendNameBody, req.body).friendName));
    return { successMsg: FRIEND_MESSAGES.unblocked };
  });
}
