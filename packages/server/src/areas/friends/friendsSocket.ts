import { createFriendChallengePayload, friendMessagePayload, offerIdPayload } from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import { handle } from "../../realtime/handlers.ts";
import type { AppSocket } from "../../realtime/io.ts";
import type { FriendsService } from "./friendsService.ts";

export function registerFriendsSocket(
  socket: AppSocket,
  deps: {
    friends: FriendsService;
    denyChallenge: (userId: number | null, offerId: string) => Promise<unknown>;
    logger: FastifyBaseLogger;
  },
) {
  const { friends, logger } = deps;
  const owner = socket.data.owner;
  const asUser = () =>
    owner.userId === null ? undefined : { userId: owner.userId, username: owner.username, sessionId: owner.sessionId };
  const loginFirst = { ok: false as const, code: "unauthorized", message: "Log in to do this" };

  handle(socket, logger, "friendMessage", friendMessagePayload, (p) => {
    const u = asUser();
    return u ? friends.sendMessage(u, p.friendName, p.message) : loginFirst;
  });

  handle(socket, logger, "createFriendChallenge", createFriendChallengePayload, async (p) => {
    const u = asUser();
    if (!u) return loginFirst;
    const answer = await friends.challenge(u, p);
    socket.emit(
      "friendChallengeCreated",
      answer.ok && answer.data
        ? answer.data
        : { offer: null, isSuccessful: false, message: answer.ok ? "Failed" : answer.message },
    );
    return answer;
  });

  handle(socket, logger, "denyFriendChallenge", offerIdPayload, async (p) => {
    const answer = (await deps.denyChallenge(owner.userId, p.offerId)) as { ok: boolean };
    return answer.ok ? { ok: true } : { ok: false, code: "not_found", message: "Challenge not found" };
  });
}
