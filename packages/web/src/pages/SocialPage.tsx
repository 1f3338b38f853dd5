import { Page } from "./Page.tsx";

/** `/social`: clubs. */
export function SocialPage() {
  return (
    <Page
      title="Social"
      lead="Your clubs will live here: posts, events on a calendar, club chat and the member list."
    />
  );
}
