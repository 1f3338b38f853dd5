import { Link } from "react-router";
import { useIdentity } from "./IdentityProvider.tsx";
import "./IdentityBadge.css";

/** The current user's or guest's name, for the top bar; links to My Profile. */
export function IdentityBadge() {
  const { identity } = useIdentity();
  if (identity.kind === "loading") {
    return (
      <span className="identity identity--loading" aria-live="polite">
        <span className="visually-hidden">Checking who you are</span>
        <span aria-hidden="true">…</span>
      </span>
    );
  }
  const guest = identity.kind === "guest";
  const name = identity.username ?? "Guest";
  return (
    <Link
      to="/my-profile"
      className={guest ? "identity identity--guest" : "identity"}
      title={guest ? "Playing as a guest: log in or create an account in My Profile" : "Your profile"}
      data-testid="identity"
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <circle cx="12" cy="8" r="4" fill="currentColor" />
        <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" fill="currentColor" />
      </svg>
      <span className="identity__name">{name}</span>
      {guest ? <span className="identity__tag">guest</span> : null}
    </Link>
  );
}
