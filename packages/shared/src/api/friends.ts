import { z } from "zod";
import { trimInvisible } from "../domain/text.ts";
import { createGameOfferPayload } from "../protocol/lobby.ts";
import { MAX_ROW_ID } from "./http.ts";

export const FRIEND_MESSAGE_MAX = 8000;
export const FRIEND_MESSAGES_PAGE = 20;

export const FRIEND_MESSAGES = {
  requestSent: "Friend Request Sent",
  nowFriends: "You are now friends",
  denied: "Friendship successfully denied",
  offline: "Challenge failed - friend is offline.",
  self: "You cannot befriend yourself",
  unknownUser: "No player with that username",
  alreadyFriends: "You are already friends",
  alreadyRequested: "You have already sent a request to this player",
  noRequest: "There is no friend request from that player",
  noSentRequest: "You have no friend request waiting with that player",
  requestWithdrawn: "Friend request withdrawn",
  notFriends: "You can only do this with a friend",
  blocked: "This player does not accept that from you",
  blockedDone: "Player blocked",
  youBlocked: "You blocked this player - unblock them first",
  messagesFriendsOnly: "This player accepts messages from friends only",
  messagesNobody: "This player does not accept messages",
  challengesFriendsOnly: "This player accepts challenges from friends only",
  challengesNobody: "This player does not accept challenges",
  tooManyConversations: "You have started too many new conversations today - try again tomorrow",
  guestContact: "Log in to message or challenge players",
  playerOffline: "This player is offline",
  unblocked: "Player unblocked",
} as const;

// A message on every check: zod 4 gives a schema's own `error` to any check without one ("required" for a long name).
const name = z
  .string({ error: "friendName is required" })
  .trim()
  .min(1, "friendName is required")
  .max(64, FRIEND_MESSAGES.unknownUser);

export const friendNameBody = z.object({ friendName: name });

/**
 * GET /friend/contact/:friendName: whether the caller may message and challenge that player now, and if not,
 * why (the receiver's settings, a block, the player offline).
 */
export interface ContactAnswer {
  username: string;
  isFriend: boolean;
  online: boolean;
  canMessage: boolean;
  messageRefusal?: string;
  canChallenge: boolean;
  challengeRefusal?: string;
}
export const handleFriendRequestBody = z.object({
  inviterId: z.coerce
    .number({ error: "inviterId must be a number" })
    .int()
    .positive()
    .max(MAX_ROW_ID, "inviterId is out of range"),
  accepted: z.boolean({ error: "accepted must be true or false" }),
});
export const messagesQuery = z.object({ pageNo: z.coerce.number().int().min(1).max(100_000).default(1) });
export const friendNameParams = z.object({ friendName: name });

/** friendMessage from a client (SPEC §7); timeSent and senderName are set by the server. */
export const friendMessagePayload = z.object({
  message: z
    .string({ error: "message must be text" })
    .overwrite(trimInvisible)
    .min(1, "Message is empty")
    .max(FRIEND_MESSAGE_MAX, `Messages are at most ${FRIEND_MESSAGE_MAX} characters`),
  friendName: name,
  timeSent: z.unknown().optional(),
  senderName: z.unknown().optional(),
});

/** createFriendChallenge: an offer for one friend. */
export const createFriendChallengePayload = createGameOfferPayload.extend({ friendName: name });

export interface Friend {
  friendName: string;
  /** Epoch ms. */
  friendSince: number;
  /** Online now. */
  isActive: boolean;
}

export interface FriendRequest {
  inviterId: number;
  inviterName: string;
}

/** GET /friend/list-sent rows: my requests still waiting for an answer, newest first. */
export interface SentFriendRequest {
  friendName: string;
  /** Epoch ms. */
  sentAt: number;
}

/** To the invitee when the one who asked withdraws their request. */
export interface FriendRequestWithdrawn {
  inviterId: number;
}

/** To both players of a denied friend request: the other one's name (it leaves my waiting list, or my other
 * tabs' requests). Never shown as news: lichess and chess.com do not tell a player their request was denied. */
export interface FriendRequestDenied {
  friendName: string;
}

/** friendBlocked: to the blocker's tabs; the friendship and any request between the two are gone. */
export interface FriendBlocked {
  friendName: string;
}

/** friendAccountClosed: to the friends of a closed account and to the other side of its waiting requests. */
export interface FriendAccountClosed {
  friendName: string;
}

/** To both players of a new friendship: the other one's name, and who said yes (the invitee, or the one whose
 * request met the other's). */
export interface FriendAdded {
  friendName: string;
  acceptedBy: string;
}

export interface FriendMessage {
  message: string;
  friendName: string;
  senderName: string;
  timeSent: number;
}

/** GET /friend/unread: my unread messages, from current friends only, e.g. `{total: 3, byFriend: {ann: 3}}`. */
export interface UnreadCounts {
  total: number;
  /** Friend's username → unread messages from them (only names with at least one). */
  byFriend: Record<string, number>;
}

/** POST /friend/messages/{friendName}/read: how many messages it marked read. */
export interface MarkedRead {
  friendName: string;
  read: number;
}

/** GET /friend/blocked rows, most recent first. */
export interface BlockedPlayer {
  username: string;
  /** Epoch ms. */
  blockedAt: number;
}
