import type { Core } from "../../core.ts";
import type { AreaModule } from "../../mount.ts";
import { createHistoryRepo } from "./historyRepo.ts";
import { registerHistoryRoutes } from "./historyRoutes.ts";

/** Finished games, a player's history, statistics and PGN; a guest who signs in keeps their games. */
export function historyModule(core: Core) {
  const { config, logger } = core;
  const repo = createHistoryRepo(core.db);
  core.bus.subscribe("guestSignedIn", ({ guestSessionId, userId, username }) =>
    repo
      .adoptGuestGames(guestSessionId, userId, username)
      .catch((err: unknown) => logger.warn({ err }, "guest games not adopted")),
  );
  const area: AreaModule = {
    name: "history",
    routes: (app) =>
      registerHistoryRoutes(app, {
        repo,
        siteUrl: (host) => config.publicOrigin ?? `http://${host ?? `localhost:${config.port}`}`,
      }),
  };
  return { area };
}
