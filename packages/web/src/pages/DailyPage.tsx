import { Link, useParams } from "react-router";
import { useIdentity } from "../features/accounts/index.ts";
import {
  DailyChallenges,
  DailyGameView,
  DailySummary,
  VacationControls,
  YourTurnList,
} from "../features/daily/index.ts";
import { Page } from "./Page.tsx";

/** `/daily`: my daily games, those waiting for my move first, and the daily challenges. */
export function DailyPage() {
  const { identity } = useIdentity();
  if (identity.kind !== "user") {
    return <Page title="Daily games" lead="Log in to play daily games: days per move, not minutes." />;
  }
  return (
    <Page title="Daily games" aside={<Link to="/">Find a daily game in the lobby</Link>}>
      <DailySummary link={false} />
      <DailyChallenges />
      <section className="daily-page__games" aria-labelledby="your-turn-title">
        <h2 id="your-turn-title">Your turn</h2>
        <YourTurnList />
      </section>
      {/* Where a daily player looks for it (chess.com shows it beside the games); also in the settings. */}
      <section className="daily-page__vacation" aria-labelledby="vacation-title">
        <h2 id="vacation-title">Vacation</h2>
        <VacationControls />
      </section>
    </Page>
  );
}

/** `/daily/:gameId`: a daily game's board, for its players and for spectators. */
export function DailyGamePage() {
  const { gameId = "" } = useParams();
  return (
    <Page title="Daily game">
      {/* Each game starts from a clean page (the next game opens in place). */}
      <DailyGameView key={gameId} gameId={gameId} />
    </Page>
  );
}
