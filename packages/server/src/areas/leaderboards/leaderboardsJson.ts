import type { Leaderboard, LeaderboardOverview, LeaderboardRow, TimeClass, Variant } from "@chess/shared";
import type { BoardPage } from "./leaderboardsRepo.ts";

/** The rows of a board from rank `firstRank` on. */
function rowsJson(rows: BoardPage["rows"], firstRank: number): LeaderboardRow[] {
  return rows.map((r, i) => ({
    rank: firstRank + i,
    username: r.username,
    elo: r.elo,
    avatarUrl: null,
    gamesPlayed: r.games,
  }));
}

/** One page of a board (SPEC §3 Leaderboard row: rows and lastPage). */
export function leaderboardJson(page: BoardPage, pageNo: number, pageSize: number): Leaderboard {
  return {
    rows: rowsJson(page.rows, (pageNo - 1) * pageSize + 1),
    lastPage: Math.max(1, Math.ceil(page.total / pageSize)),
  };
}

/** Every board's top players, in the order given. */
export function overviewJson(
  boards: ReadonlyArray<{ variant: Variant; timeClass: TimeClass } & BoardPage>,
): LeaderboardOverview {
  return {
    boards: boards.map((b) => ({
      gameVariant: b.variant,
      timeVariant: b.timeClass,
      players: b.total,
      rows: rowsJson(b.rows, 1),
    })),
  };
}
