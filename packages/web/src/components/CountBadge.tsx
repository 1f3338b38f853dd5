import "./CountBadge.css";

export interface CountBadgeProps {
  /** How many, e.g. unread messages; nothing is shown for 0. */
  count: number;
  /** What the count means for a screen reader, e.g. "3 unread messages" (the eye sees only "3", or "99+"). */
  label: string;
  className?: string;
}

/** Past this the badge says "99+": three digits would stretch the pill over its neighbours. */
export const COUNT_BADGE_CAP = 99;

export const countBadgeText = (count: number): string => (count > COUNT_BADGE_CAP ? `${COUNT_BADGE_CAP}+` : `${count}`);

/**
 * The small red pill with a count (unread messages, invitations). A host that names itself with aria-label
 * (a link, a tab) overrides the badge's label; elsewhere the label is what is read instead of the bare number.
 */
export function CountBadge({ count, label, className }: CountBadgeProps) {
  if (!(count > 0)) return null;
  return (
    // An image of a number, named by its meaning: its text stays the bare "3" a reader copies.
    <span className={["count-badge", className].filter(Boolean).join(" ")} role="img" aria-label={label}>
      {countBadgeText(count)}
    </span>
  );
}
