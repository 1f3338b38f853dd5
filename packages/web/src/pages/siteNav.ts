import type { NavItem } from "../components/Layout.tsx";

/**
 * The top navigation and the pages each entry owns. Play owns the live game and the tournaments (their list
 * is in the lobby); the analysis board, someone else's profile, settings and credits are reached from inside
 * other pages and highlight no entry.
 */
export const SITE_NAV: NavItem[] = [
  { to: "/", label: "Play", activeOn: ["/play", "/tournament", "/tournament/*"] },
  { to: "/daily", label: "Daily", activeOn: ["/daily/*"] },
  { to: "/puzzles", label: "Puzzles", activeOn: ["/puzzle/*"] },
  { to: "/watch", label: "Watch", activeOn: ["/tv"] },
  { to: "/social", label: "Social", activeOn: ["/messages/*"] },
  { to: "/leaderboards", label: "Leaderboards", short: "Top" },
  { to: "/my-profile", label: "My Profile", short: "Profile" },
];
