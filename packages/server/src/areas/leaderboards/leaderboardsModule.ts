import type { Core } from "../../core.ts";
import type { AreaModule } from "../../mount.ts";
import type { Callers } from "../accounts/index.ts";
import type { Membership } from "../clubs/index.ts";
import { createLeaderboardsRepo } from "./leaderboardsRepo.ts";
import { registerLeaderboardsRoutes } from "./leaderboardsRoutes.ts";

/** The site's and the clubs' leaderboards; their cached pages go stale as games end and accounts close. */
export function leaderboardsModule(core: Core, ports: { callers: Callers; membership: Pick<Membership, "isMember"> }) {
  const repo = createLeaderboardsRepo(core.db);
  core.bus.subscribe("gameFinished", ({ ratingsChanged, variant, timeClass }) => {
    if (ratingsChanged) repo.ratingsChanged(variant, timeClass);
  });
  core.bus.subscribe("accountClosed", () => repo.accountClosed());
  const area: AreaModule = {
    name: "leaderboards",
    routes: (app) =>
      registerLeaderboardsRoutes(app, {
        repo,
        auth: ports.callers,
        isClubMember: (clubId, userId) => ports.membership.isMember(clubId, userId),
      }),
  };
  return { area };
}
