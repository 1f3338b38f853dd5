import { fail, friendMessagePayload } from "@chess/shared";
import { type SocketEvents, socketEvent } from "../../realtime/handlers.ts";
import { type AppServer, type AppSocket, rooms } from "../../realtime/sockets.ts";
import type { FriendsLive, FriendsService } from "./friendsService.ts";

/** Friend events go to the players' own rooms (every tab of the account, on every node). */
export function friendsBroadcaster(io: AppServer): FriendsLive {
  const to = (userId: number) => io.to(rooms.user(userId));
  return {
    request: (inviteeId, request) => to(inviteeId).emit("friendRequestReceived", request),
    withdrawn: (inviteeId, inviterId) => to(inviteeId).emit("friendRequestWithdrawn", { inviterId }),
    // Each is told the other's name; the invitee is the one who said yes.
    befriended: (inviter, invitee) => {
      to(inviter.id).emit("friendAdded", { friendName: invitee.username, acceptedBy: invitee.username });
      to(invitee.id).emit("friendAdded", { friendName: inviter.username, acceptedBy: invitee.username });
    },
    denied: (inviter, invitee) => {
      to(inviter.id).emit("friendRequestDenied", { friendName: invitee.username });
      to(invitee.id).emit("friendRequestDenied", { friendName: inviter.username });
    },
    message: (userIds, message) => io.to(userIds.map(rooms.user)).emit("friendMessage", message),
    read: (readerId, friendName) => to(readerId).emit("friendMessagesRead", { friendName }),
    blocked: (blockerId, blockedName) => to(blockerId).emit("friendBlocked", { friendName: blockedName }),
    accountClosed: (userIds, closedName) =>
      io.to(userIds.map(rooms.user)).emit("friendAccountClosed", { friendName: closedName }),
  };
}

const loginFirst = fail("unauthorized", "Log in to do this");

/** The account behind a socket; guests have none. */
function asUser(socket: AppSocket) {
  const { userId, username, sessionId } = socket.data.owner;
  return userId === null ? undefined : { userId, username, sessionId };
}

export function friendsSocketEvents(deps: { friends: FriendsService }): SocketEvents {
  const { friends } = deps;
  return {
    friendMessage: socketEvent(friendMessagePayload, (s, p) => {
      const u = asUser(s);
      return u ? friends.sendMessage(u, p.friendName, p.message) : loginFirst;
    }),
  };
}
