import { type ComponentType, lazy, Suspense } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { CreditsPage } from "./pages/CreditsPage.tsx";
import { DailyGamePage, DailyPage } from "./pages/DailyPage.tsx";
import { LobbyPage } from "./pages/LobbyPage.tsx";
import { NotFoundPage } from "./pages/NotFoundPage.tsx";
import { Page } from "./pages/Page.tsx";
import { PlayPage } from "./pages/PlayPage.tsx";
import { RouteErrorPage } from "./pages/RouteErrorPage.tsx";
import { SiteLayout } from "./pages/SiteLayout.tsx";

/**
 * A page loaded when it is first opened, its title shown meanwhile: the lobby's first load carries only what
 * the lobby and a game need (ARCHITECTURE §7, `bench/web`: 250 KB gzip).
 */
function lazyPage(title: string, lead: string, load: () => Promise<ComponentType>) {
  const Lazy = lazy(() => load().then((page) => ({ default: page })));
  return (
    <Suspense fallback={<Page title={title} lead={lead} />}>
      <Lazy />
    </Suspense>
  );
}

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
            element: lazyPage("Analysis", "Loading the analysis board…", () =>
              import("./pages/AnalysisPage.tsx").then((m) => m.AnalysisPage),
            ),
          },
          {
            path: "watch",
            element: lazyPage("Watch", "Loading the live games…", () =>
              import("./pages/WatchPage.tsx").then((m) => m.WatchPage),
            ),
          },
          {
            path: "tv",
            element: lazyPage("TV", "Loading the TV…", () => import("./pages/TvPage.tsx").then((m) => m.TvPage)),
          },
          ...["puzzles", "puzzle/:id"].map((path) => ({
            path,
            element: lazyPage("Puzzles", "Loading the puzzles…", () =>
              import("./pages/PuzzlesPage.tsx").then((m) => m.PuzzlesPage),
            ),
          })),
          {
            path: "tournament",
            element: lazyPage("Tournaments", "Loading the tournaments…", () =>
              import("./pages/TournamentsPage.tsx").then((m) => m.TournamentsPage),
            ),
          },
          {
            path: "tournament/:id",
            element: lazyPage("Tournament", "Loading the tournament…", () =>
              import("./pages/TournamentPage.tsx").then((m) => m.TournamentPage),
            ),
          },
          {
            path: "social",
            element: lazyPage("Social", "Loading friends and clubs…", () =>
              import("./pages/SocialPage.tsx").then((m) => m.SocialPage),
            ),
          },
          {
            path: "my-profile",
            element: lazyPage("My Profile", "Loading your profile…", () =>
              import("./pages/MyProfilePage.tsx").then((m) => m.MyProfilePage),
            ),
          },
          {
            path: "profile",
            element: lazyPage("Profile", "Loading the profile…", () =>
              import("./pages/ProfilePage.tsx").then((m) => m.ProfilePage),
            ),
          },
          {
            path: "leaderboards",
            element: lazyPage("Leaderboards", "Loading the leaderboards…", () =>
              import("./pages/LeaderboardsPage.tsx").then((m) => m.LeaderboardsPage),
            ),
          },
          { path: "credits", element: <CreditsPage /> },
          {
            path: "settings",
            element: lazyPage("Settings", "Loading your settings…", () =>
              import("./pages/SettingsPage.tsx").then((m) => m.SettingsPage),
            ),
          },
          {
            path: "messages/:friendName",
            element: lazyPage("Messages", "Loading the conversation…", () =>
              import("./pages/MessagesPage.tsx").then((m) => m.MessagesPage),
            ),
          },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
