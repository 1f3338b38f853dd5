import { Link, Outlet } from "react-router";
import { Layout, type NavItem } from "../components/Layout.tsx";
import { IdentityBadge } from "../features/accounts/index.ts";
import { GameStartListener } from "../features/game/index.ts";

const NAV: NavItem[] = [
  { to: "/", label: "Play", alsoActiveOn: ["/play", "/analysis"] },
  { to: "/social", label: "Social", alsoActiveOn: ["/messages/"] },
  { to: "/leaderboards", label: "Leaderboards" },
  { to: "/my-profile", label: "My Profile" },
];

/** The common layout of every route (SPEC §2). */
export function SiteLayout() {
  return (
    <Layout
      brand="Chess"
      logoSrc="/favicon.svg"
      nav={NAV}
      aside={<IdentityBadge />}
      footer={
        <div className="site-footer">
          <p>Live chess for everyone: play, analyse, improve.</p>
          <Link to="/credits">Credits</Link>
        </div>
      }
    >
      <GameStartListener />
      <Outlet />
    </Layout>
  );
}
