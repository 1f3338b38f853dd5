export { chatModule } from "./chatModule.ts";
export { chatSocketEvents } from "./chatSocket.ts";
