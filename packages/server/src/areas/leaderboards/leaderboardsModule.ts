import type { Core } from "../../core.ts";
import type { AreaModule } from "../../mount.ts";
import type { Callers } from "../accounts/index.ts";
import type { Membership } from "../clubs/index.ts";
import type { ClubBattles } from "../tournaments/index.ts";
import { createLeaderboardsRepo } from "./leaderboardsRepo.ts";
import { registerLeaderboardsRoutes } from "./leaderboardsRoutes.ts";
import { createLeaderboardsService } from "./leaderboardsService.ts";

/** How often the rating counts' change log is folded in: reads add up what is left, so it stays short. */
const FOLD_EVERY_MS = 10_000;

/**
 * The site's and the clubs' leaderboards. They hear no bus event: games ending and accounts closing change the
 * rows they read, and the counts beside them in the same transaction.
 */
export function leaderboardsModule(
  core: Core,
  ports: { callers: Callers; membership: Pick<Membership, "isMember">; battles: ClubBattles },
) {
  const repo = createLeaderboardsRepo(core.db);
  const service = createLeaderboardsService(repo);
  const area: AreaModule = {
    name: "leaderboards",
    routes: (app) =>
      registerLeaderboardsRoutes(app, {
        service,
        auth: ports.callers,
        isClubMember: (clubId, userId) => ports.membership.isMember(clubId, userId),
        battles: ports.battles,
      }),
    timers: [{ name: "rating counts fold", everyMs: FOLD_EVERY_MS, run: () => repo.foldCounts() }],
  };
  return { area };
}
