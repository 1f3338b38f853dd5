import type { ReactNode } from "react";
import { usePageTitle } from "../lib/usePageTitle.ts";

/** A page's heading and document title; `lead` is the line under the heading. */
export function Page({
  title,
  heading = title,
  lead,
  children,
}: {
  title: string;
  heading?: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="page">
      <h1>{heading}</h1>
      {lead ? <p className="page__lead">{lead}</p> : null}
      {children}
    </div>
  );
}
