import type { Core } from "../../core.ts";
import type { AreaModule } from "../../mount.ts";
import { createWatchFeed } from "./watchFeed.ts";
import { createWatchRepo } from "./watchRepo.ts";
import { registerWatchRoutes } from "./watchRoutes.ts";
import { watchBroadcaster, watchSocketEvents } from "./watchSocket.ts";

/** The live games to watch and the TV: the feed hears the games on the bus itself. */
export function watchModule(core: Core) {
  const feed = createWatchFeed({ repo: createWatchRepo(core.db), bus: core.bus });
  const showWatchLists = watchBroadcaster(core.io, feed, core.logger);
  const area: AreaModule = {
    name: "watch",
    routes: (app) => registerWatchRoutes(app, { feed }),
    socketEvents: watchSocketEvents({ feed }),
    stop: () => showWatchLists.stop(),
  };
  return { area };
}
