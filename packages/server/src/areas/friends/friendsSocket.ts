import { createFriendChallengePayload, friendMessagePayload, offerIdPayload } from "@chess/shared";
import { type SocketEvents, socketEvent } from "../../realtime/handlers.ts";
import type { AppSocket } from "../../realtime/io.ts";
import type { FriendsService } from "./friendsService.ts";

const loginFirst = { ok: false as const, code: "unauthorized", message: "Log in to do this" };

/** The account behind a socket; guests have none. */
function asUser(socket: AppSocket) {
  const { userId, username, sessionId } = socket.data.owner;
  return userId === null ? undefined : { userId, username, sessionId };
}

export function friendsSocketEvents(deps: {
  friends: FriendsService;
  denyChallenge: (userId: number | null, offerId: string) => Promise<unknown>;
}): SocketEvents {
  const { friends } = deps;
  return {
    friendMessage: socketEvent(friendMessagePayload, (s, p) => {
      const u = asUser(s);
      return u ? friends.sendMessage(u, p.friendName, p.message) : loginFirst;
    }),
    createFriendChallenge: socketEvent(createFriendChallengePayload, async (s, p) => {
      const u = asUser(s);
      if (!u) return loginFirst;
      const answer = await friends.challenge(u, p);
      s.emit(
        "friendChallengeCreated",
        answer.ok && answer.data
          ? answer.data
          : { offer: null, isSuccessful: false, message: answer.ok ? "Failed" : answer.message },
      );
      return answer;
    }),
    denyFriendChallenge: socketEvent(offerIdPayload, async (s, p) => {
      const answer = (await deps.denyChallenge(s.data.owner.userId, p.offerId)) as { ok: boolean };
      return answer.ok ? { ok: true } : { ok: false, code: "not_found", message: "Challenge not found" };
    }),
  };
}
