import type { ButtonHTMLAttributes, ReactNode } from "react";
import { CountBadge } from "./CountBadge.tsx";
import "./IconButton.css";

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "aria-label"> {
  /** The accessible name, also shown as a tooltip, e.g. "Create club". */
  label: string;
  /** The icon (decorative: give it aria-hidden). */
  children: ReactNode;
  /** A small number in the corner, e.g. unread items; hidden when 0 or undefined. Part of the name. */
  badge?: number;
}

/** A square button showing only an icon; its name comes from `label`. */
export function IconButton({ label, children, badge, className, type, title, ...rest }: IconButtonProps) {
  return (
    <button
      {...rest}
      type={type ?? "button"}
      className={["icon-button", className].filter(Boolean).join(" ")}
      // A screen reader hears the number the corner shows: "Club invitations (1)".
      aria-label={badge ? `${label} (${badge})` : label}
      title={title ?? (badge ? `${label} (${badge})` : label)}
    >
      {children}
      {badge ? <CountBadge className="icon-button__badge" count={badge} label={`${badge}`} /> : null}
    </button>
  );
}
