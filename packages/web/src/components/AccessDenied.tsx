import { Link } from "react-router";
import "./AccessDenied.css";

export interface AccessDeniedProps {
  /** What logging in unlocks, e.g. "to see your clubs". */
  purpose: string;
  /** Where to log in. */
  loginPath?: string;
}

/** The card shown instead of a page that needs an account (SPEC §2, §6). */
export function AccessDenied({ purpose, loginPath = "/my-profile" }: AccessDeniedProps) {
  return (
    <section className="access-denied card" aria-labelledby="access-denied-title">
      <svg className="access-denied__icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
        <rect x="5" y="10" width="14" height="11" rx="2" fill="currentColor" />
        <path d="M8 10V7a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <h2 id="access-denied-title" className="access-denied__title">
        Access Denied
      </h2>
      <p className="access-denied__text">
        Please log in via <Link to={loginPath}>My Profile</Link> {purpose}.
      </p>
    </section>
  );
}
