import type { CSSProperties } from "react";
import { avatarHue, initials } from "./profileText.ts";
import "./PlayerAvatar.css";

/** A player's picture, or their initials on a colour of their own. Decorative: the name is shown beside it. */
export function PlayerAvatar({
  username,
  avatarUrl,
  size = "md",
}: {
  username: string;
  avatarUrl?: string | null;
  size?: "sm" | "md" | "lg";
}) {
  if (avatarUrl) {
    return <img className={`player-avatar player-avatar--${size}`} src={avatarUrl} alt="" />;
  }
  return (
    <span
      className={`player-avatar player-avatar--${size}`}
      style={{ "--avatar-hue": avatarHue(username) } as CSSProperties}
      aria-hidden="true"
    >
      {initials(username)}
    </span>
  );
}
