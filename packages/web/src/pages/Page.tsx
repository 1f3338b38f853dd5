import type { ReactNode } from "react";
import { usePageTitle } from "../lib/usePageTitle.ts";

/**
 * A page's heading and document title; `lead` is the line under the heading, `aside` what sits at the
 * heading's end (a link to a related page), so it takes no line of its own.
 */
export function Page({
  title,
  heading = title,
  lead,
  aside,
  children,
}: {
  title: string;
  heading?: ReactNode;
  lead?: ReactNode;
  aside?: ReactNode;
  children?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="page">
      {aside ? (
        <div className="page__header">
          <h1>{heading}</h1>
          {aside}
        </div>
      ) : (
        <h1>{heading}</h1>
      )}
      {lead ? <p className="page__lead">{lead}</p> : null}
      {children}
    </div>
  );
}
