import { LeaderboardsView } from "../features/leaderboards/index.ts";
import { Page } from "./Page.tsx";
import "./LeaderboardsPage.css";

/** `/leaderboards`: rankings by variant and time control, across the site or within one of my clubs. */
export function LeaderboardsPage() {
  return (
    <Page
      title="Leaderboards"
      lead="The best players for each variant and time control, across the site or in your clubs."
    >
      <div className="leaderboards-page">
        <LeaderboardsView />
      </div>
    </Page>
  );
}
