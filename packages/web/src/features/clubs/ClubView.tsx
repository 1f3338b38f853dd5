import type { Club } from "@chess/shared";
import { ChatPanel } from "../chat/index.ts";
import { ClubMatchesPanel } from "../clubMatches/index.ts";
import { ClubCalendar } from "./ClubCalendar.tsx";
import { ClubFeed } from "./ClubFeed.tsx";
import { ClubGameButton } from "./ClubGameButton.tsx";
import { ClubMembers } from "./ClubMembers.tsx";
import { clubChatId } from "./clubsStore.ts";
import type { ClubData } from "./useClubData.ts";
import "./ClubView.css";
import "./clubs.css";

/** The selected club: posts, chat, calendar and members (SPEC §2 /social main area). */
export function ClubView({ club, data }: { club: Club; data: ClubData }) {
  const chatId = clubChatId(club.clubId);
  const count = data.members.items?.length;
  return (
    <div className="club-view">
      <header className="club-view__head card">
        <div className="club-view__title">
          <h2 className="club-view__name">{club.clubName}</h2>
          <p className="club-muted club-view__meta">
            {club.isAdministrator ? "You are the administrator" : "You are a member"}
            {count !== undefined ? ` · ${count} member${count === 1 ? "" : "s"}` : ""}
          </p>
          {club.description ? (
            <p className="club-view__about" data-testid="club-description">
              {club.description}
            </p>
          ) : null}
        </div>
        <div className="club-view__actions">
          <ClubGameButton key={club.clubId} clubId={club.clubId} clubName={club.clubName} />
        </div>
      </header>
      <div className="club-view__main">
        <ClubFeed posts={data.posts} onPublish={data.publish} onRefresh={() => void data.loadPosts()} />
        {/* A new chat per club: the panel's state belongs to one chat id. */}
        <ChatPanel key={chatId} chatId={chatId} chatType="club" title="Club chat" className="club-view__chat" />
      </div>
      <div className="club-view__side">
        <ClubMatchesPanel key={club.clubId} club={club} />
        <ClubCalendar
          events={data.events}
          onAddNote={data.addNote}
          adminOf={club.isAdministrator ? { clubId: club.clubId, clubName: club.clubName } : undefined}
          onArenaCreated={() => void data.loadEvents()}
        />
        <ClubMembers members={data.members} />
      </div>
    </div>
  );
}
