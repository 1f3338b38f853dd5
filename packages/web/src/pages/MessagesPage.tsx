import { useParams } from "react-router";
import { AccessDenied } from "../components/AccessDenied.tsx";
import { useIdentity } from "../features/accounts/index.ts";
import { Conversation } from "../features/friends/index.ts";
import { Page } from "./Page.tsx";
import "./MessagesPage.css";

/** `/messages/:friendName`: private messages with a friend; Access Denied when logged out (SPEC §2, §6). */
export function MessagesPage() {
  const { friendName = "" } = useParams();
  const { identity } = useIdentity();
  return (
    <Page title={`Messages with ${friendName}`}>
      <div className="messages-page">
        {identity.kind === "loading" ? (
          <p className="page__lead">Checking your session…</p>
        ) : identity.kind === "user" ? (
          <Conversation key={friendName.toLowerCase()} friendName={friendName} me={identity.username} />
        ) : (
          <AccessDenied purpose="to message your friends" />
        )}
      </div>
    </Page>
  );
}
