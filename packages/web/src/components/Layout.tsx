import { type ReactNode, useRef } from "react";
import { Link, useLocation } from "react-router";
import { useRouteFocus } from "../lib/useRouteFocus.ts";
import { CountBadge } from "./CountBadge.tsx";
import { activeNavEntry } from "./navMatch.ts";
import "./Layout.css";

export interface NavItem {
  to: string;
  label: string;
  /** A shorter label for phones ("Top" for Leaderboards); the link is still named by `label`. */
  short?: string;
  /** Other paths under this entry, "/play" or "/daily/*" (any path below): see navMatch. */
  activeOn?: string[];
  /** A count shown beside the label, e.g. 3 unread messages; hidden when 0 or undefined. */
  badge?: number;
  /** What the count means, read after the label, e.g. "3 unread messages" (default "3 new"). */
  badgeLabel?: string;
}

export interface LayoutProps {
  brand: string;
  /** Image shown before the brand name (decorative). */
  logoSrc: string;
  nav: NavItem[];
  /** Right end of the top bar, e.g. who is logged in. */
  aside?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}

/** The page frame: top bar with navigation, main content, footer. */
export function Layout({ brand, logoSrc, nav, aside, footer, children }: LayoutProps) {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  useRouteFocus(main);
  const active = activeNavEntry(nav, pathname);
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar__inner">
          <Link to="/" className="brand">
            <img src={logoSrc} alt="" width={28} height={28} />
            <span>{brand}</span>
          </Link>
          <nav className="topnav" aria-label="Main">
            <ul>
              {nav.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    // The entry's own page is the current page; a page under it (a daily game) is in its section.
                    aria-current={item !== active ? undefined : pathname === item.to ? "page" : "true"}
                    aria-label={
                      item.badge
                        ? `${item.label}, ${item.badgeLabel ?? `${item.badge} new`}`
                        : item.short
                          ? item.label
                          : undefined
                    }
                    className={item === active ? "topnav__link topnav__link--active" : "topnav__link"}
                  >
                    {item.short ? (
                      <>
                        <span className="topnav__full">{item.label}</span>
                        <span className="topnav__short" aria-hidden="true">
                          {item.short}
                        </span>
                      </>
                    ) : (
                      item.label
                    )}
                    {item.badge ? (
                      <CountBadge
                        className="topnav__badge"
                        count={item.badge}
                        label={item.badgeLabel ?? `${item.badge} new`}
                      />
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {aside ? <div className="topbar__aside">{aside}</div> : null}
        </div>
      </header>
      <main id="main" className="main" tabIndex={-1} ref={main}>
        {children}
      </main>
      {footer ? <footer className="footer">{footer}</footer> : null}
    </div>
  );
}
