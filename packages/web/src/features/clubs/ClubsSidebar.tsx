import type { Club } from "@chess/shared";
import { Button } from "../../components/Button.tsx";
import { IconButton } from "../../components/IconButton.tsx";
import { GearIcon, MailIcon, PlusIcon, SearchIcon } from "./clubIcons.tsx";
import "./ClubsSidebar.css";
import "./clubs.css";

export interface ClubsSidebarProps {
  /** null while loading. */
  clubs: Club[] | null;
  selectedId: number | null;
  invitationCount: number;
  /** Requests to join waiting in each club I administer, by club id. */
  joinRequests?: ReadonlyMap<number, number>;
  onSelect: (clubId: number) => void;
  onCreate: () => void;
  onFind: () => void;
  onSettings: () => void;
  onInvitations: () => void;
}

const requestCount = (counts: ReadonlyMap<number, number> | undefined, clubId: number) => counts?.get(clubId) ?? 0;
const requestText = (n: number) => (n === 1 ? "1 request to join" : `${n} requests to join`);

/** My clubs (SPEC §2): select one; create (+), invitations and the selected club's settings. */
export function ClubsSidebar({
  clubs,
  selectedId,
  invitationCount,
  joinRequests,
  onSelect,
  onCreate,
  onFind,
  onSettings,
  onInvitations,
}: ClubsSidebarProps) {
  return (
    <nav className="clubs-sidebar card" aria-labelledby="clubs-sidebar-title">
      <div className="clubs-sidebar__head">
        <h2 id="clubs-sidebar-title" className="clubs-sidebar__title">
          My clubs
        </h2>
        <div className="clubs-sidebar__tools">
          <IconButton label="Club invitations" badge={invitationCount} onClick={onInvitations}>
            <MailIcon />
          </IconButton>
          <IconButton label="Find a club" onClick={onFind}>
            <SearchIcon />
          </IconButton>
          <IconButton label="Create club" onClick={onCreate}>
            <PlusIcon />
          </IconButton>
        </div>
      </div>
      {invitationCount > 0 ? (
        <div className="clubs-sidebar__invited">
          <span>{invitationCount === 1 ? "A club invited you" : `${invitationCount} clubs invited you`}</span>
          <Button variant="primary" onClick={onInvitations}>
            {invitationCount === 1 ? "See the invitation" : "See the invitations"}
          </Button>
        </div>
      ) : null}
      {clubs === null ? (
        <p className="clubs-sidebar__empty">Loading your clubs…</p>
      ) : clubs.length === 0 ? (
        <p className="clubs-sidebar__empty">
          You are not in a club yet. Find one to join with the magnifier, create one with +, or accept an invitation
          from a club's administrator.
        </p>
      ) : (
        <ul className="clubs-sidebar__list">
          {clubs.map((club) => {
            const selected = club.clubId === selectedId;
            return (
              <li key={club.clubId} className={selected ? "clubs-sidebar__item is-selected" : "clubs-sidebar__item"}>
                <button
                  type="button"
                  className="clubs-sidebar__club"
                  aria-current={selected ? "true" : undefined}
                  onClick={() => onSelect(club.clubId)}
                >
                  <span className="clubs-sidebar__avatar" aria-hidden="true">
                    {[...club.clubName.trim()][0]?.toUpperCase() || "#"}
                  </span>
                  <span className="clubs-sidebar__text">
                    <span className="clubs-sidebar__name">{club.clubName}</span>
                    <span className="clubs-sidebar__role">{club.isAdministrator ? "Administrator" : "Member"}</span>
                  </span>
                  {requestCount(joinRequests, club.clubId) > 0 ? (
                    <span
                      className="clubs-sidebar__requests"
                      title={requestText(requestCount(joinRequests, club.clubId))}
                    >
                      <span aria-hidden="true">{requestCount(joinRequests, club.clubId)}</span>
                      <span className="visually-hidden">{requestText(requestCount(joinRequests, club.clubId))}</span>
                    </span>
                  ) : null}
                </button>
                {selected ? (
                  <IconButton label="Club settings" className="clubs-sidebar__settings" onClick={onSettings}>
                    <GearIcon />
                  </IconButton>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
