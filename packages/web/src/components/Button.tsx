import type { ButtonHTMLAttributes, Ref } from "react";
import "./Button.css";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** "primary" for the main action of a view; "secondary" by default. */
  variant?: ButtonVariant;
  /** Shows a busy state and blocks clicks, e.g. while a request runs. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** The site's button. Type defaults to "button" so it never submits a form by accident. */
export function Button({ variant = "secondary", busy = false, className, type, disabled, ...rest }: ButtonProps) {
  const classes = ["btn", `btn--${variant}`, className].filter(Boolean).join(" ");
  return (
    <button
      {...rest}
      type={type ?? "button"}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    />
  );
}
