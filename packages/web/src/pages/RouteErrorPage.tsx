import { useEffect } from "react";
import { Link, useRouteError } from "react-router";
import { Page } from "./Page.tsx";

/** Shown inside the layout when a page fails to render. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => console.error("Page failed", error), [error]);
  return (
    <Page title="Something went wrong" lead="This page could not be shown. Reload to try again.">
      <p>
        <Link to="/">Back to Play</Link>
      </p>
    </Page>
  );
}
