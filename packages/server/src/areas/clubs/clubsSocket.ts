import { CLUB_MESSAGES, clubRoom, fail, watchClubPayload } from "@chess/shared";
import { type SocketEvents, socketEvent } from "../../realtime/handlers.ts";
import { type AppServer, rooms } from "../../realtime/sockets.ts";
import type { ClubsLive, ClubsService } from "./clubsService.ts";

/**
 * Club events go to the club's room, invitations to the invitee's sockets; leaving empties the leaver's
 * sockets out of the club's room on every node.
 */
export function clubsBroadcaster(io: AppServer): ClubsLive {
  return {
    postCreated: (clubId, post) => io.to(clubRoom(clubId)).emit("clubPostCreated", { clubId, post }),
    eventCreated: (clubId, event) => io.to(clubRoom(clubId)).emit("clubEventCreated", { clubId, event }),
    membersChanged: (clubId) => io.to(clubRoom(clubId)).emit("clubMembersChanged", { clubId }),
    joinRequested: (administratorId, request) => io.to(rooms.user(administratorId)).emit("clubJoinRequested", request),
    joinRequestAnswered: (administratorId, answer) =>
      io.to(rooms.user(administratorId)).emit("clubJoinRequestAnswered", answer),
    unwatch: (clubId, userId) => io.in(rooms.user(userId)).socketsLeave(clubRoom(clubId)),
    invited: (inviteeId, invitation) => io.to(rooms.user(inviteeId)).emit("clubInvitationReceived", invitation),
    invitationAnswered: (inviteeId, clubId, accepted) =>
      io.to(rooms.user(inviteeId)).emit("clubInvitationAnswered", { clubId, accepted }),
  };
}

/** watchClub {clubId}: a member joins the club's room; anyone else learns nothing of the club. */
export function clubsSocketEvents(deps: { clubs: ClubsService }): SocketEvents {
  const { clubs } = deps;
  return {
    watchClub: socketEvent(watchClubPayload, async (socket, { clubId }) => {
      const { userId } = socket.data.owner;
      if (userId === null) return fail("unauthorized", CLUB_MESSAGES.notLoggedIn);
      if (!(await clubs.isMember(clubId, userId))) return fail("not_found", CLUB_MESSAGES.unknownClub);
      await socket.join(clubRoom(clubId));
      return { ok: true };
    }),
  };
}
