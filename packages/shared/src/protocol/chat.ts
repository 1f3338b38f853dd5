import { z } from "zod";
import { trimInvisible } from "../domain/text.ts";

export const CHAT_MAX_LENGTH = 140;
/**
 * "club" (chatId = the club id) and "tournament" (chatId = the tournament id; anyone logged in may read,
 * its players may write) are additions to the spec's game and global chats.
 */
export const CHAT_TYPES = ["game", "global", "club", "tournament"] as const;
export type ChatType = (typeof CHAT_TYPES)[number];
/** chatId of the lobby's chat. */
export const GLOBAL_CHAT_ID = "global";

/** chatMessage from a client: trimmed, never empty (SPEC §5). */
export const chatMessagePayload = z.object({
  text: z
    .string({ error: "text must be a string" })
    .overwrite(trimInvisible)
    .min(1, "Message is empty")
    .max(CHAT_MAX_LENGTH, `Messages are at most ${CHAT_MAX_LENGTH} characters`),
  chatType: z.enum(CHAT_TYPES),
  chatId: z.string().min(1).max(64),
});
export type ChatMessagePayload = z.infer<typeof chatMessagePayload>;

export const getChatHistoryPayload = z.object({ chatId: z.string().min(1).max(64) });

/** A chat line (SPEC §3). */
export interface ChatMessage {
  username: string;
  text: string;
  chatType: ChatType;
  chatId: string;
  timeSent: number;
}

export interface ChatHistory {
  chatId: string;
  messages: ChatMessage[];
  /** A game's chat read by someone not playing it: read-only, without the lines of players they blocked. */
  spectator?: boolean;
}
