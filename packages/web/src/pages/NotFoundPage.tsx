import { Link, useLocation } from "react-router";
import { usePageTitle } from "../lib/usePageTitle.ts";
import "../components/Button.css";
import "./NotFoundPage.css";

/** Any path not in SPEC §2: says so, and offers the main places to go. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  usePageTitle("Page not found");
  return (
    <div className="page not-found">
      <TippedKing />
      <p className="not-found__code">Error 404</p>
      <h1>Page not found</h1>
      <p className="not-found__text">
        There is no page at <code className="not-found__path">{pathname}</code>. The link may be mistyped, or the page
        has moved.
      </p>
      <ul className="not-found__links">
        <li>
          <Link to="/" className="btn btn--primary">
            Back to Play
          </Link>
        </li>
        <li>
          <Link to="/leaderboards" className="btn btn--secondary">
            Leaderboards
          </Link>
        </li>
        <li>
          <Link to="/my-profile" className="btn btn--secondary">
            My Profile
          </Link>
        </li>
      </ul>
    </div>
  );
}

/** A king laid on its side: the chess player's way of saying "this one is lost". */
function TippedKing() {
  return (
    <svg className="not-found__king" viewBox="0 0 45 45" width="88" height="88" aria-hidden="true" focusable="false">
      <g fill="currentColor">
        <rect x="21" y="3" width="3" height="10" rx="1" />
        <rect x="17.5" y="6" width="10" height="3" rx="1" />
        <path d="M13.5 23c0-5.5 4-9 9-9s9 3.5 9 9c0 3-1.4 5-3 6.2h-12c-1.6-1.2-3-3.2-3-6.2Z" />
        <path d="M15.5 30.5h14l2.5 5h-19Z" />
        <rect x="10" y="35" width="25" height="5.5" rx="1.6" />
      </g>
    </svg>
  );
}
