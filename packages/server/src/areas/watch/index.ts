export { watchModule } from "./watchModule.ts";
export { watchSocketEvents } from "./watchSocket.ts";
