import { Link, type Location, Outlet, ScrollRestoration } from "react-router";
import { ConnectionBanner } from "../components/ConnectionBanner.tsx";
import { Layout } from "../components/Layout.tsx";
import { ToastProvider } from "../components/Toast.tsx";
import { IdentityBadge, useIdentity } from "../features/accounts/index.ts";
import { ClubInvitationNotifier, useInvitationsBadge, useJoinRequestsBadge } from "../features/clubs/index.ts";
import { DailyNotifications, useDailyTurnBadge } from "../features/daily/index.ts";
import { FriendNotifications, useRequestsBadge, useUnreadBadge } from "../features/friends/index.ts";
import {
  GameEndNotifier,
  GameStartListener,
  LiveGamesProvider,
  RematchNotifier,
  ResumeGameBanner,
} from "../features/game/index.ts";
import { PreferencesSync, PreferredBoardLook, SettingsLink } from "../features/preferences/index.ts";
import { ArenaPairedListener } from "../features/tournaments/index.ts";
import { SITE_NAV } from "./siteNav.ts";

/** The common layout of every route (SPEC §2), with the toasts and the app-wide social listeners. */
export function SiteLayout() {
  const { identity } = useIdentity();
  // Unread messages, club invitations and requests to join my clubs lead to Social (the conversations, the clubs), friend requests to
  // My Profile (the friends panel).
  const badges: Record<string, Badge> = {
    "/social": together(useUnreadBadge(), useInvitationsBadge(), useJoinRequestsBadge()),
    "/my-profile": useRequestsBadge(),
    "/daily": useDailyTurnBadge(),
  };
  return (
    <ToastProvider>
      <LiveGamesProvider>
        <PreferredBoardLook>
          <Layout
            brand="Chess"
            logoSrc="/favicon.svg"
            nav={SITE_NAV.map((item) => ({ ...item, ...badges[item.to] }))}
            aside={
              <>
                <SettingsLink />
                <IdentityBadge />
              </>
            }
            footer={
              <div className="site-footer">
                <p>Live chess for everyone: play, analyse, improve.</p>
                <Link to="/credits">Credits</Link>
              </div>
            }
          >
            <ConnectionBanner />
            <PreferencesSync />
            <GameStartListener />
            <GameEndNotifier />
            <RematchNotifier />
            {identity.kind === "user" ? (
              <>
                <FriendNotifications key={identity.username} me={identity.username} />
                <ClubInvitationNotifier />
                <DailyNotifications key={`daily-${identity.username}`} />
                <ArenaPairedListener />
              </>
            ) : null}
            <ResumeGameBanner />
            <Outlet />
          </Layout>
        </PreferredBoardLook>
      </LiveGamesProvider>
      {/* A new page starts at its top (a game accepted from far down the lobby opened scrolled past its board);
          Back returns to where that page was left. */}
      <ScrollRestoration getKey={scrollKey} />
    </ToastProvider>
  );
}

/**
 * The first page of every load of a tab has the key "default": under it, a page opened afresh (an address
 * typed, a link from elsewhere) took the scroll position the tab's last page had when it was left. This
 * load's first page gets a key of its own; later pages keep theirs, which outlive a reload.
 */
const FIRST_PAGE_KEY = `first-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
const scrollKey = (location: Location) => (location.key === "default" ? FIRST_PAGE_KEY : location.key);

interface Badge {
  badge?: number;
  badgeLabel?: string;
}

/** Two counts on one menu item: their sum, each said ("2 unread messages, 1 club invitation"). */
function together(...badges: Badge[]): Badge {
  const shown = badges.filter((b) => (b.badge ?? 0) > 0);
  if (shown.length === 0) return {};
  return {
    badge: shown.reduce((sum, b) => sum + (b.badge ?? 0), 0),
    badgeLabel: shown.map((b) => b.badgeLabel).join(", "),
  };
}
