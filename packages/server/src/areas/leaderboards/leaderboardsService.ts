import {
  LEADERBOARD_OVERVIEW_TOP,
  LEADERBOARD_PAGE,
  TIME_CLASSES,
  type TimeClass,
  VARIANTS,
  type Variant,
} from "@chess/shared";
import type { BoardPage, LeaderboardsRepo } from "./leaderboardsRepo.ts";

/** Every board the site ranks, variants first: standard bullet, standard blitz, ... fun classical. */
const BOARDS = VARIANTS.flatMap((variant) => TIME_CLASSES.map((timeClass) => ({ variant, timeClass })));

/** One board's filters as the routes parsed them. */
export interface BoardChoice {
  gameVariant: Variant;
  timeVariant: TimeClass;
  pageNo: number;
}

/** The leaderboards' reads: pages of LEADERBOARD_PAGE rows, and the overview of every board. */
export function createLeaderboardsService(repo: LeaderboardsRepo) {
  const offset = (pageNo: number) => (pageNo - 1) * LEADERBOARD_PAGE;
  return {
    page: (q: BoardChoice): Promise<BoardPage> =>
      repo.global(q.gameVariant, q.timeVariant, LEADERBOARD_PAGE, offset(q.pageNo)),

    clubPage: (q: BoardChoice & { clubId: number; isClubElo: boolean }): Promise<BoardPage> =>
      repo.club(q.clubId, q.isClubElo, q.gameVariant, q.timeVariant, LEADERBOARD_PAGE, offset(q.pageNo)),

    /** Every board, with its top players; a board nobody has played rated yet is there, empty. */
    async overview(): Promise<Array<{ variant: Variant; timeClass: TimeClass } & BoardPage>> {
      const found = await repo.overview(BOARDS, LEADERBOARD_OVERVIEW_TOP);
      return BOARDS.map((b) => {
        const hit = found.find((f) => f.variant === b.variant && f.timeClass === b.timeClass);
        return { ...b, rows: hit?.rows ?? [], total: hit?.total ?? 0 };
      });
    },
  };
}

export type LeaderboardsService = ReturnType<typeof createLeaderboardsService>;
