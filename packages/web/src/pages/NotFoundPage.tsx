import { Link, useLocation } from "react-router";
import { Page } from "./Page.tsx";

/** Any path not in SPEC §2. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Page title="Page not found" lead={`There is no page at ${pathname}.`}>
      <p>
        <Link to="/">Back to Play</Link>
      </p>
    </Page>
  );
}
