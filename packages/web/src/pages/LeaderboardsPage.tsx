import { Page } from "./Page.tsx";

/** `/leaderboards`. */
export function LeaderboardsPage() {
  return (
    <Page
      title="Leaderboards"
      lead="Rankings by game variant and time control, across the site or within your clubs, will be shown here."
    />
  );
}
