export { DailyChallengeButton, DailyChallenges } from "./DailyChallenges.tsx";
export { DailyGameView } from "./DailyGameView.tsx";
export { DailyNotifications } from "./DailyNotifications.tsx";
export { DailyOffersPanel } from "./DailyOffersPanel.tsx";
export { DailySettings } from "./DailySettings.tsx";
export { DailySummary } from "./DailySummary.tsx";
export { dailyGamePath } from "./dailyApi.ts";
export { DailyGamesContext, useDailyGames, useDailyTurnBadge } from "./useDailyGames.ts";
export { YourTurnList } from "./YourTurnList.tsx";
