import { chatMessagePayload, GLOBAL_CHAT_ID, getChatHistoryPayload } from "@chess/shared";
import { type SocketEvents, socketEvent } from "../../realtime/handlers.ts";
import { type ChatService, clubIdOf } from "./chatService.ts";

/** Room of the lobby's global chat; game chats use the game's room. */
export const GLOBAL_CHAT_ROOM = "chat:global";

export function chatSocketEvents(deps: { chat: ChatService }): SocketEvents {
  const { chat } = deps;
  return {
    chatMessage: socketEvent(chatMessagePayload, (s, p) => chat.send(s.data.owner, p)),
    getChatHistory: socketEvent(getChatHistoryPayload, async (s, p) => {
      const answer = await chat.history(s.data.owner, p.chatId);
      if (answer.ok && answer.data) {
        if (p.chatId === GLOBAL_CHAT_ID) await s.join(GLOBAL_CHAT_ROOM);
        // A club chat's room is its chat id; only members get this far.
        else if (clubIdOf(p.chatId) !== undefined) await s.join(p.chatId);
        s.emit("chatHistory", answer.data);
      }
      return answer;
    }),
  };
}
