export { createChatRepo } from "./chatRepo.ts";
export { type ChatActor, type ChatService, createChatService } from "./chatService.ts";
export { chatSocketEvents, GLOBAL_CHAT_ROOM, spectatorChat, spectatorChatRoom } from "./chatSocket.ts";
