export { createChatRepo } from "./chatRepo.ts";
export { type ChatService, createChatService } from "./chatService.ts";
export { GLOBAL_CHAT_ROOM, registerChatSocket } from "./chatSocket.ts";
