export { createWatchFeed, type WatchFeed } from "./watchFeed.ts";
export { createWatchRepo } from "./watchRepo.ts";
export { registerWatchRoutes } from "./watchRoutes.ts";
export { watchBroadcaster, watchSocketEvents } from "./watchSocket.ts";
