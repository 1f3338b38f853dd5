import { chatMessagePayload, GLOBAL_CHAT_ID, getChatHistoryPayload } from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import { handle } from "../../realtime/handlers.ts";
import type { AppSocket } from "../../realtime/io.ts";
import { type ChatService, clubIdOf } from "./chatService.ts";

/** Room of the lobby's global chat; game chats use the game's room. */
export const GLOBAL_CHAT_ROOM = "chat:global";

export function registerChatSocket(socket: AppSocket, deps: { chat: ChatService; logger: FastifyBaseLogger }) {
  const { chat, logger } = deps;
  const actor = socket.data.owner;

  handle(socket, logger, "chatMessage", chatMessagePayload, (p) => chat.send(actor, p));

  handle(socket, logger, "getChatHistory", getChatHistoryPayload, async (p) => {
    const answer = await chat.history(actor, p.chatId);
    if (answer.ok && answer.data) {
      if (p.chatId === GLOBAL_CHAT_ID) await socket.join(GLOBAL_CHAT_ROOM);
      // A club chat's room is its chat id; only members get this far.
      else if (clubIdOf(p.chatId) !== undefined) await socket.join(p.chatId);
      socket.emit("chatHistory", answer.data);
    }
    return answer;
  });
}
