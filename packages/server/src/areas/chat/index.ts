export { createChatRepo } from "./chatRepo.ts";
export { type ChatService, createChatService } from "./chatService.ts";
export { chatSocketEvents, GLOBAL_CHAT_ROOM } from "./chatSocket.ts";
