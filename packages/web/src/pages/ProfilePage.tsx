import { useSearchParams } from "react-router";
import { Page } from "./Page.tsx";

/** `/profile?username=…`: another player's profile. */
export function ProfilePage() {
  const [params] = useSearchParams();
  const username = params.get("username")?.trim();
  if (!username) {
    return (
      <Page
        title="Profile"
        lead="No player chosen. Open a profile from the leaderboards or from a club's member list."
      />
    );
  }
  return (
    <Page
      title={username}
      lead={`${username}'s game history and statistics for each time control will be shown here.`}
    />
  );
}
