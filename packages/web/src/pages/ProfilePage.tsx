import { useSearchParams } from "react-router";
import { useIdentity } from "../features/accounts/index.ts";
import { PlayerActions } from "../features/friends/index.ts";
import { ProfileView, sameUser } from "../features/profile/index.ts";
import { ArenaTrophies } from "../features/tournaments/index.ts";
import { usePageTitle } from "../lib/usePageTitle.ts";
import { Page } from "./Page.tsx";
import "./ProfilePage.css";

/**
 * `/profile?username=…`: a player's profile; Logout shows when it is the viewer's own, Add friend / Message /
 * Challenge when a logged-in viewer looks at someone else's.
 */
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
  return <PlayerProfile username={username} />;
}

function PlayerProfile({ username }: { username: string }) {
  usePageTitle(username);
  const { identity } = useIdentity();
  const own = identity.kind === "user" && sameUser(identity.username, username);
  return (
    <div className="profile-page">
      <ProfileView
        username={username}
        own={own}
        actions={identity.kind === "user" && !own ? <PlayerActions username={username} /> : null}
        extras={<ArenaTrophies username={username} />}
      />
    </div>
  );
}
