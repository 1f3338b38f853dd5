import { z } from "zod";
import type { ClubEvent, Post } from "../api/clubs.ts";
import { MAX_ROW_ID } from "../api/http.ts";

/** The Socket.IO room of a club: members on /social join it; the club chat uses the same name. */
export const clubRoom = (clubId: number) => `club:${clubId}`;

/** watchClub: a member asks for the club's live events (posts, notes, member changes). */
export const watchClubPayload = z.object({
  clubId: z
    .number({ error: "clubId must be a number" })
    .int()
    .positive("clubId must be a positive number")
    .max(MAX_ROW_ID, "clubId is out of range"),
});

/** clubPostCreated: a member published a post, e.g. `{clubId: 3, post: {id: 9, author: "ann", ...}}`. */
export interface ClubPostCreated {
  clubId: number;
  post: Post;
}

/** clubEventCreated: a member added a calendar note. */
export interface ClubEventCreated {
  clubId: number;
  event: ClubEvent;
}

/** clubMembersChanged: someone joined or left (the administrator may have changed); read the members again. */
export interface ClubMembersChanged {
  clubId: number;
}

/** clubJoinRequested: to a club's administrator, a player asks to join. */
export interface ClubJoinRequested {
  clubId: number;
  // --- additions beside the club's id, for the administrator's notice
  clubName: string;
  username: string;
}

/** clubJoinRequestAnswered: to a club's administrator (every tab), a request was answered or withdrawn. */
export interface ClubJoinRequestAnswered {
  clubId: number;
  username: string;
  accepted: boolean;
}

/** clubInvitationAnswered: I accepted or declined a club's invitation (in this tab or another). */
export interface ClubInvitationAnswered {
  clubId: number;
  accepted: boolean;
}
