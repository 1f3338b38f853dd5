import { createFriendChallengePayload, fail, type GameOffer, offerIdPayload } from "@chess/shared";
import { type SocketEvents, socketEvent } from "../../realtime/handlers.ts";
import { type AppServer, type AppSocket, rooms } from "../../realtime/sockets.ts";
import type { Challengeable } from "../friends/index.ts";
import type { LobbyService } from "./lobbyService.ts";

const loginFirst = fail("unauthorized", "Log in to do this");

/** The account behind a socket; guests have none. */
function asUser(socket: AppSocket) {
  const { userId, username, sessionId } = socket.data.owner;
  return userId === null ? undefined : { userId, username, sessionId };
}

/**
 * Friend challenges (SPEC §7): a lobby offer only its addressee sees. Whom a player may challenge is the
 * friends area's word; the offer, its acceptance and its end are the lobby's.
 */
export function challengeSocketEvents(deps: {
  lobby: Pick<LobbyService, "create" | "deny">;
  friends: Challengeable;
  io: AppServer;
}): SocketEvents {
  const { lobby, friends, io } = deps;
  return {
    createFriendChallenge: socketEvent(createFriendChallengePayload, async (s, p) => {
      const u = asUser(s);
      if (!u) return loginFirst;
      const friend = await friends.challengeable(u, p.friendName);
      const created =
        friend.ok && friend.data ? await lobby.create({ ...u, isGuest: false }, p, friend.data.id) : friend;
      if (created.ok && created.data && friend.ok && friend.data) {
        const offer = created.data as GameOffer;
        io.to(rooms.user(friend.data.id)).emit("friendChallengeReceived", { offer, from: u.username });
        s.emit("friendChallengeCreated", { offer, isSuccessful: true });
        return { ok: true, data: { offer, isSuccessful: true } };
      }
      const message = created.ok ? "Failed" : created.message;
      s.emit("friendChallengeCreated", { offer: null, isSuccessful: false, message });
      return created.ok ? fail("failed", message) : created;
    }),
    denyFriendChallenge: socketEvent(offerIdPayload, async (s, p) => {
      const answer = await lobby.deny({ sessionId: "", userId: s.data.owner.userId }, p.offerId);
      return answer.ok ? { ok: true } : fail("not_found", "Challenge not found");
    }),
  };
}
