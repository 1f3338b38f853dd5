import { HISTORY_ERROR } from "@chess/shared";
import { type ReactNode, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "../../components/Button.tsx";
import { errorMessage } from "../../lib/api.ts";
import { shortDate } from "../../lib/dates.ts";
import { useIdentity } from "../accounts/index.ts";
import { HistoryTable } from "./HistoryTable.tsx";
import { canGoNext, canGoPrevious, showsPager } from "./historyStore.ts";
import { PlayerAvatar } from "./PlayerAvatar.tsx";
import { type ProfileApi, profileApi } from "./profileApi.ts";
import { readProfileQuery, withProfileQuery } from "./profileQuery.ts";
import { type ProfileVariant, VARIANT_OPTIONS } from "./profileText.ts";
import { StatCards } from "./StatCards.tsx";
import { useProfileData } from "./useProfileData.ts";
import "./ProfileView.css";

export interface ProfileViewProps {
  /** The player shown, e.g. "alice". */
  username: string;
  /** The viewer's own profile: shows Logout. */
  own: boolean;
  /** The username's heading level: 1 when the profile is the page (default). */
  headingLevel?: 1 | 2;
  /** What the viewer can do with this player (Add friend, Message, Challenge), under the name. */
  actions?: ReactNode;
  /** What other areas show under the ratings, e.g. the player's tournament trophies. */
  extras?: ReactNode;
  client?: ProfileApi;
}

/** A player's profile (SPEC §2 Profile): header, statistics per time variant, game history. */
export function ProfileView(props: ProfileViewProps) {
  // A new player starts from a fresh state (page 1, their own variant choice).
  return <ProfileContent key={props.username.toLowerCase()} {...props} />;
}

function ProfileContent({ username, own, headingLevel = 1, actions, extras, client = profileApi }: ProfileViewProps) {
  const ids = useId();
  // The variant and the history page live in the address: a reload, Back or a shared link shows the same.
  const [params, setParams] = useSearchParams();
  const { variant, page } = readProfileQuery(params);
  // Paging stays where the table is, rather than a new page's start at the top.
  const setVariant = (v: ProfileVariant) =>
    setParams((p) => withProfileQuery(p, { variant: v }), { preventScrollReset: true });
  const goToPage = (n: number) => setParams((p) => withProfileQuery(p, { page: n }), { preventScrollReset: true });
  const { history, summary, account } = useProfileData(username, variant, page, client);
  const Heading = headingLevel === 1 ? "h1" : "h2";
  // The server's spelling of the name once a game shows it (the URL may say "Magnus_C" for "magnus_c").
  const shownName = history.rows[0]?.username1 ?? username;

  if (history.status === "notFound") {
    return (
      <div className="profile">
        <div className="profile-missing card" role="status">
          <Heading className="profile-missing__title">No player named {username}</Heading>
          <p>Check the spelling, or find players on the leaderboards.</p>
          <Link to="/leaderboards">Go to the leaderboards</Link>
        </div>
      </div>
    );
  }

  if (account?.closed) {
    return (
      <div className="profile">
        <div className="profile-missing profile-closed card" role="status">
          <PlayerAvatar username={account.username} size="lg" />
          <Heading className="profile-missing__title">{account.username}</Heading>
          <p className="profile-closed__note">This account is closed.</p>
          <p>
            {account.closedAt !== null ? `Closed on ${shortDate(account.closedAt)}. ` : ""}Its finished games keep its
            name, in its opponents' histories.
          </p>
          <Link to="/leaderboards">Go to the leaderboards</Link>
        </div>
      </div>
    );
  }

  const showPaging = showsPager(history);
  return (
    <div className="profile">
      <header className="profile-header card">
        <PlayerAvatar username={shownName} size="lg" />
        <div className="profile-header__who">
          <Heading className="profile-header__name">{shownName}</Heading>
          {own ? <p className="profile-header__own">Your profile</p> : null}
          {actions}
        </div>
        <div className="profile-header__tools">
          <div className="profile-field">
            <label htmlFor={`${ids}-variant`}>Game variant</label>
            <select
              id={`${ids}-variant`}
              value={variant}
              onChange={(e) => setVariant(e.target.value as ProfileVariant)}
            >
              {VARIANT_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          {own ? <LogoutButton /> : null}
        </div>
      </header>

      <div className="profile__body">
        <aside className="profile__stats">
          <h2 className="profile__section-title">Ratings</h2>
          <StatCards stats={summary.stats} ratings={summary.ratings} />
          {extras}
        </aside>

        <section className="profile__history card" aria-labelledby={`${ids}-history`}>
          <div className="profile__history-head">
            <h2 id={`${ids}-history`} className="profile__section-title">
              Games
            </h2>
            {showPaging ? <span className="profile__page">Page {history.pageNo}</span> : null}
          </div>
          {history.status === "failed" ? (
            <p className="profile__error" role="alert">
              {HISTORY_ERROR(history.errorStatus)}
            </p>
          ) : history.status === "loading" && history.rows.length === 0 ? (
            <p className="profile__muted">Loading games…</p>
          ) : history.rows.length === 0 ? (
            <p className="profile__empty">
              {history.pageNo > 1 ? (
                "No more games."
              ) : own ? (
                <>
                  You have not finished a game yet. <Link to="/">Play one</Link>
                </>
              ) : (
                "No games yet."
              )}
            </p>
          ) : (
            <HistoryTable rows={history.rows} busy={history.status === "loading"} />
          )}
          {showPaging ? (
            <nav className="profile__paging" aria-label="History pages">
              <Button disabled={!canGoPrevious(history)} onClick={() => goToPage(history.pageNo - 1)}>
                Previous
              </Button>
              <Button disabled={!canGoNext(history)} onClick={() => goToPage(history.pageNo + 1)}>
                Next
              </Button>
            </nav>
          ) : null}
        </section>
      </div>
    </div>
  );
}

function LogoutButton() {
  const { logout } = useIdentity();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function onLogout() {
    setBusy(true);
    setError(undefined);
    try {
      await logout();
    } catch (e) {
      setError(errorMessage(undefined, e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="profile-logout">
      <Button onClick={onLogout} busy={busy}>
        Logout
      </Button>
      {error ? (
        <p className="profile__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
