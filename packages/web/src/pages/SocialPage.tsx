import { useCallback, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { AccessDenied } from "../components/AccessDenied.tsx";
import { useIdentity } from "../features/accounts/index.ts";
import {
  ClubSettingsModal,
  ClubsSidebar,
  ClubView,
  ConfirmLeaveModal,
  CreateClubModal,
  FindClubsModal,
  InvitationsModal,
  opensInvitations,
  showsJoinRequests,
  useClubData,
  useClubs,
  useJoinRequestsByClub,
} from "../features/clubs/index.ts";
import { UnreadConversations } from "../features/friends/index.ts";
import { Page } from "./Page.tsx";
import "./SocialPage.css";

/** `/social` (SPEC §2): my clubs beside the selected club; Access Denied when logged out. */
export function SocialPage() {
  const { identity } = useIdentity();
  return (
    <Page title="Social">
      {identity.kind === "loading" ? (
        <p className="page__lead">Checking your session…</p>
      ) : identity.kind === "user" ? (
        <Clubs key={identity.username} />
      ) : (
        <AccessDenied purpose="to see your clubs" />
      )}
    </Page>
  );
}

type OpenModal = "create" | "find" | "settings" | "invitations" | "leave" | null;

function Clubs() {
  const clubs = useClubs();
  const { state, club, reload } = clubs;
  const joinRequests = useJoinRequestsByClub();
  const data = useClubData(club);
  const location = useLocation();
  const navigate = useNavigate();
  const [modal, setModal] = useState<OpenModal>(null);
  const close = useCallback(() => setModal(null), []);
  // Sent here by an invitation's toast (from this page too): its dialog opens at once.
  const { reloadInvitations } = clubs;
  const invited = opensInvitations(location.state);
  useEffect(() => {
    if (!invited) return;
    void reloadInvitations();
    setModal("invitations");
    // Once: a reload or Back does not open it again.
    void navigate(".", { replace: true, state: null });
  }, [invited, reloadInvitations, navigate]);
  // Sent here by a request's toast: that club is selected, then its settings (the requests) open.
  const requestsOf = showsJoinRequests(location.state);
  const [settingsFor, setSettingsFor] = useState<number>();
  const { select } = clubs;
  const clubsLoaded = state.clubs !== null;
  useEffect(() => {
    if (requestsOf === undefined || !clubsLoaded) return;
    select(requestsOf);
    setSettingsFor(requestsOf);
    void navigate(".", { replace: true, state: null });
  }, [requestsOf, clubsLoaded, select, navigate]);
  const { loadMembers } = data;
  useEffect(() => {
    if (settingsFor === undefined || club?.clubId !== settingsFor) return;
    setSettingsFor(undefined);
    void loadMembers();
    setModal("settings");
  }, [settingsFor, club, loadMembers]);
  const onCreated = useCallback(
    (clubId: number) => {
      setModal(null);
      void reload(clubId);
    },
    [reload],
  );

  if (state.denied) return <AccessDenied purpose="to see your clubs" />;

  return (
    <div className="social">
      <div className="social__sidebar">
        <ClubsSidebar
          clubs={state.clubs}
          selectedId={state.selectedId}
          invitationCount={state.invitations.length}
          joinRequests={joinRequests}
          onSelect={clubs.select}
          onCreate={() => setModal("create")}
          onFind={() => setModal("find")}
          onSettings={() => {
            void data.loadMembers();
            setModal("settings");
          }}
          onInvitations={() => {
            void clubs.reloadInvitations();
            setModal("invitations");
          }}
        />
        {clubs.leaveOutcome ? (
          <p
            className={clubs.leaveOutcome.ok ? "social__status" : "social__status social__status--error"}
            role={clubs.leaveOutcome.ok ? "status" : "alert"}
          >
            {clubs.leaveOutcome.text}
          </p>
        ) : null}
        {clubs.loadError ? (
          <p className="social__status social__status--error" role="alert">
            {clubs.loadError}
          </p>
        ) : null}
        <UnreadConversations />
      </div>
      <div className="social__main">
        {club ? (
          <ClubView club={club} data={data} />
        ) : state.clubs === null ? null : (
          <section className="social__empty card" aria-labelledby="social-empty-title">
            <h2 id="social-empty-title">Play together in a club</h2>
            <p>
              Clubs have a feed, a shared calendar, their own chat and rankings. Find one to join, create one with the +
              button, or accept an invitation from a club's administrator.
            </p>
          </section>
        )}
      </div>

      {modal === "create" ? <CreateClubModal onCreate={clubs.create} onCreated={onCreated} onClose={close} /> : null}
      {modal === "find" ? <FindClubsModal onJoined={onCreated} onClose={close} /> : null}
      {modal === "settings" && club ? (
        <ClubSettingsModal
          club={club}
          members={data.members.items}
          membersError={data.members.error}
          onInvite={data.invite}
          onLeave={() => setModal("leave")}
          onClose={close}
          onJoinPolicySaved={() => void reload(club.clubId)}
          onMemberAdded={() => void data.loadMembers()}
        />
      ) : null}
      {modal === "invitations" ? (
        <InvitationsModal invitations={state.invitations} onAnswer={clubs.answerInvitation} onClose={close} />
      ) : null}
      {modal === "leave" ? (
        <ConfirmLeaveModal
          club={club}
          onConfirm={async () => {
            await clubs.leave();
            setModal(null);
          }}
          onClose={close}
        />
      ) : null}
    </div>
  );
}
