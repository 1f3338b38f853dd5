import { z } from "zod";
import { tidyName, trimInvisible } from "../domain/text.ts";
import { MAX_ROW_ID } from "./http.ts";

export const CLUB_NAME_MAX = 40;
export const POST_MAX = 2000;
export const EVENT_TITLE_MAX = 200;
export const CLUB_DESCRIPTION_MAX = 500;

export const CLUB_MESSAGES = {
  emptyName: "Club name cannot be empty.",
  notLoggedIn: "Cannot list clubs - you are not logged in",
  noClubSelected: "No active club selected to leave.",
  nameTaken: "A club with this name already exists",
  notMember: "You are not a member of this club",
  notAdmin: "Only the club's administrator can do this",
  unknownClub: "Club not found",
  unknownUser: "No player with that username",
  alreadyMember: "That player is already a member of this club",
  alreadyInvited: "That player has already been invited to this club",
  noInvitation: "There is no invitation to this club",
  created: "Club created",
  invited: "Invitation sent",
  left: "You left the club",
  joined: "You joined the club",
  requested: "Request sent - the administrator will answer",
  alreadyRequested: "You have already asked to join this club",
  refused: "This club does not take requests from you",
  noRequest: "There is no such request to join",
  policySaved: "Saved",
} as const;

/** Who may join a club: anyone at once, anyone who asks and is accepted, or only those invited (the default). */
export const JOIN_POLICIES = ["open", "request", "invite"] as const;
export type JoinPolicy = (typeof JOIN_POLICIES)[number];
export const CLUB_SEARCH_PAGE = 20;

const clubId = z.coerce
  .number({ error: "clubId must be a number" })
  .int()
  .positive("clubId must be a positive number")
  .max(MAX_ROW_ID, "clubId is out of range");

const joinPolicy = z.enum(JOIN_POLICIES, { error: `joinPolicy must be one of ${JOIN_POLICIES.join(", ")}` });
const description = z
  .string({ error: "description must be text" })
  .overwrite(trimInvisible)
  .max(CLUB_DESCRIPTION_MAX, `Descriptions are at most ${CLUB_DESCRIPTION_MAX} characters`);

/**
 * POST /club/create: the spec's {clubName}, plus who may join (invite-only when absent, as a spec client's
 * club always was) and what the club is about.
 */
export const createClubBody = z.object({
  clubName: z
    .string({ error: CLUB_MESSAGES.emptyName })
    .overwrite(tidyName)
    .min(1, CLUB_MESSAGES.emptyName)
    .max(CLUB_NAME_MAX, `Club names are at most ${CLUB_NAME_MAX} characters`),
  joinPolicy: joinPolicy.default("invite"),
  description: description.default(""),
});
export const clubIdBody = z.object({ clubId });
export const clubIdQuery = z.object({ clubId });
export const clubNameQuery = z.object({
  clubName: z.string().overwrite(tidyName).min(1, CLUB_MESSAGES.unknownClub).max(CLUB_NAME_MAX),
});
export const handleInvitationBody = z.object({
  clubId,
  accepted: z.boolean({ error: "accepted must be true or false" }),
});
export const inviteBody = z.object({
  clubId,
  inviteeUsername: z
    .string({ error: "inviteeUsername is required" })
    .trim()
    .min(1, "inviteeUsername is required")
    .max(64, CLUB_MESSAGES.unknownUser),
});
/** GET /club/search: public clubs (open or by request) whose name contains `q`; all of them, largest first, without. */
export const clubSearchQuery = z.object({
  q: z.string().overwrite(tidyName).max(CLUB_NAME_MAX, `Searches are at most ${CLUB_NAME_MAX} characters`).default(""),
  pageNo: z.coerce.number({ error: "pageNo must be a number" }).int().min(1).max(500).default(1),
});
export const joinClubBody = z.object({ clubId });
export const handleJoinRequestBody = z.object({
  clubId,
  username: z
    .string({ error: "username is required" })
    .trim()
    .min(1, "username is required")
    .max(64, CLUB_MESSAGES.unknownUser),
  accept: z.boolean({ error: "accept must be true or false" }),
});
export const clubSettingsBody = z.object({ clubId, joinPolicy, description: description.optional() });
export const createPostBody = z.object({
  clubId,
  text: z
    .string({ error: "text is required" })
    .overwrite(trimInvisible)
    .min(1, "A post cannot be empty")
    .max(POST_MAX, `Posts are at most ${POST_MAX} characters`),
});
export const createEventBody = z.object({
  clubId,
  title: z
    .string({ error: "title is required" })
    .overwrite(trimInvisible)
    .min(1, "A note cannot be empty")
    .max(EVENT_TITLE_MAX, `Notes are at most ${EVENT_TITLE_MAX} characters`),
  /** A date; the first 10 characters (YYYY-MM-DD) are used. */
  eventDate: z
    .string({ error: "eventDate is required" })
    .transform((d) => d.slice(0, 10))
    .refine(
      (d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)),
      "eventDate must be a date like 2026-11-22",
    ),
});

/** GET /club/list rows (SPEC §3 Club). */
export interface Club {
  clubId: number;
  clubName: string;
  isAdministrator: boolean;
  administratorId: number;
  // --- additions
  joinPolicy: JoinPolicy;
  /** What the club is about ("" when its creator said nothing). */
  description?: string;
}

/** GET /club/search rows. */
export interface ClubSearchResult {
  clubId: number;
  clubName: string;
  memberCount: number;
  joinPolicy: JoinPolicy;
  /** What the club is about ("" when its creator said nothing). */
  description?: string;
  /** The caller's relation to the club. */
  status: "member" | "requested" | "none";
}

/** GET /club/join-requests rows (administrator only). */
export interface ClubJoinRequest {
  username: string;
  requestedAt: number;
}

/** GET /club/join-requests/waiting rows: every request waiting in the clubs the caller administers. */
export interface WaitingJoinRequest {
  clubId: number;
  clubName: string;
  username: string;
  requestedAt: number;
}

/** GET /club/list-invitations rows. */
export interface ClubInvitation {
  clubId: number;
  clubName: string;
  inviter: string;
}

/** GET /club/users rows; `elos` keyed like "standard_rapid" (default 1200 when missing). */
export interface ClubMember {
  id: number;
  username: string;
  role: "administrator" | "member";
  elos: Record<string, number>;
  /** The same keys from club games only. */
  clubElos: Record<string, number>;
  online: boolean;
}

export interface Post {
  id: number;
  author: string;
  text: string;
  createdAt: number;
}

export interface ClubEvent {
  id: number;
  title: string;
  /** YYYY-MM-DD */
  event_date: string;
  author: string;
  /** A club arena: the event is this tournament (GET /tournaments/:id). */
  tournamentId?: string;
}
