import { lazy, Suspense } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { CreditsPage } from "./pages/CreditsPage.tsx";
import { DailyGamePage, DailyPage } from "./pages/DailyPage.tsx";
import { LobbyPage } from "./pages/LobbyPage.tsx";
import { MessagesPage } from "./pages/MessagesPage.tsx";
import { MyProfilePage } from "./pages/MyProfilePage.tsx";
import { NotFoundPage } from "./pages/NotFoundPage.tsx";
import { Page } from "./pages/Page.tsx";
import { PlayPage } from "./pages/PlayPage.tsx";
import { ProfilePage } from "./pages/ProfilePage.tsx";
import { RouteErrorPage } from "./pages/RouteErrorPage.tsx";
import { SettingsPage } from "./pages/SettingsPage.tsx";
import { SiteLayout } from "./pages/SiteLayout.tsx";
import { SocialPage } from "./pages/SocialPage.tsx";
import { TournamentPage } from "./pages/TournamentPage.tsx";

// The analysis page (board tools, chart) loads only when /analysis is opened (ARCHITECTURE §7).
const AnalysisPage = lazy(() => import("./pages/AnalysisPage.tsx").then((m) => ({ default: m.AnalysisPage })));
// Watching loads when it is opened: the lobby's first load stays small.
const WatchPage = lazy(() => import("./pages/WatchPage.tsx").then((m) => ({ default: m.WatchPage })));
const TvPage = lazy(() => import("./pages/TvPage.tsx").then((m) => ({ default: m.TvPage })));
// Puzzles load when they are opened.
const PuzzlesPage = lazy(() => import("./pages/PuzzlesPage.tsx").then((m) => ({ default: m.PuzzlesPage })));
// So do the leaderboards, whose overview of every board is no part of a first visit to the lobby.
const LeaderboardsPage = lazy(() =>
  import("./pages/LeaderboardsPage.tsx").then((m) => ({ default: m.LeaderboardsPage })),
);

/** Every route of SPEC §2 inside the common layout; a failing page keeps the layout around its error. */
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <LobbyPage /> },
          { path: "play", element: <PlayPage /> },
          { path: "daily", element: <DailyPage /> },
          { path: "daily/:gameId", element: <DailyGamePage /> },
          {
            path: "analysis",
            element: (
              <Suspense fallback={<Page title="Analysis" lead="Loading the analysis board…" />}>
                <AnalysisPage />
              </Suspense>
            ),
          },
          {
            path: "watch",
            element: (
              <Suspense fallback={<Page title="Watch" lead="Loading the live games…" />}>
                <WatchPage />
              </Suspense>
            ),
          },
          {
            path: "tv",
            element: (
              <Suspense fallback={<Page title="TV" lead="Loading the TV…" />}>
                <TvPage />
              </Suspense>
            ),
          },
          ...["puzzles", "puzzle/:id"].map((path) => ({
            path,
            element: (
              <Suspense fallback={<Page title="Puzzles" lead="Loading the puzzles…" />}>
                <PuzzlesPage />
              </Suspense>
            ),
          })),
          { path: "tournament/:id", element: <TournamentPage /> },
          { path: "social", element: <SocialPage /> },
          { path: "my-profile", element: <MyProfilePage /> },
          { path: "profile", element: <ProfilePage /> },
          {
            path: "leaderboards",
            element: (
              <Suspense fallback={<Page title="Leaderboards" lead="Loading the leaderboards…" />}>
                <LeaderboardsPage />
              </Suspense>
            ),
          },
          { path: "credits", element: <CreditsPage /> },
          { path: "settings", element: <SettingsPage /> },
          { path: "messages/:friendName", element: <MessagesPage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
