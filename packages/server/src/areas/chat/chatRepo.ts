import type { ChatMessage, ChatType } from "@chess/shared";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../storage/db.ts";
import { chatMessages } from "../../storage/schema.ts";

export const CHAT_HISTORY_SIZE = 50;

export function createChatRepo(db: Db) {
  return {
    async insert(m: ChatMessage): Promise<void> {
      await db.insert(chatMessages).values({
        chatId: m.chatId,
        chatType: m.chatType,
        username: m.username,
        text: m.text,
        createdAt: new Date(m.timeSent),
      });
    },

    /** The latest messages of a chat, oldest first. */
    async recent(chatId: string): Promise<ChatMessage[]> {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.chatId, chatId))
        .orderBy(desc(chatMessages.id))
        .limit(CHAT_HISTORY_SIZE);
      return rows.reverse().map((r) => ({
        username: r.username,
        text: r.text,
        chatType: r.chatType as ChatType,
        chatId: r.chatId,
        timeSent: r.createdAt.getTime(),
      }));
    },
  };
}

export type ChatRepo = ReturnType<typeof createChatRepo>;
