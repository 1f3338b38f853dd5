import { type Actor, type ChatMessage, chatMessagePayload, GLOBAL_CHAT_ID, getChatHistoryPayload } from "@chess/shared";
import { type SocketEvents, socketEvent } from "../../realtime/handlers.ts";
import { type AppServer, rooms } from "../../realtime/sockets.ts";
import { type ChatService, clubIdOf, tournamentIdOf } from "./chatService.ts";

/** Room of the lobby's global chat; club chats use their chat id. */
export const GLOBAL_CHAT_ROOM = "chat:global";
/** Room of those who read a game's chat without playing in it (players get it in their own rooms). */
export const spectatorChatRoom = (gameId: string) => `spectators:${gameId}`;

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
        // A tournament chat's room is its chat id too: its players and its readers alike.
        else if (tournamentIdOf(p.chatId) !== undefined) await s.join(p.chatId);
        else if (answer.data.spectator) await s.join(spectatorChatRoom(p.chatId));
        s.emit("chatHistory", answer.data);
      }
      return answer;
    }),
  };
}

/**
 * A game's chat line to its spectators, except to the accounts that blocked its writer (all their sockets,
 * on every node, are in their account's room).
 */
export function spectatorChat(io: AppServer, deps: { blockersOf: (userId: number) => Promise<number[]> }) {
  return async (message: ChatMessage, sender: Pick<Actor, "userId">): Promise<void> => {
    const blockers = sender.userId !== null ? await deps.blockersOf(sender.userId) : [];
    io.to(spectatorChatRoom(message.chatId)).except(blockers.map(rooms.user)).emit("chatMessage", message);
  };
}
