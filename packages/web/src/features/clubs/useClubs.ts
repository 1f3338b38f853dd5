import type { ClubInvitation } from "@chess/shared";
import { createContext, useCallback, useContext, useEffect, useReducer, useState } from "react";
import { ApiRequestError, errorMessage, successMessage } from "../../lib/api.ts";
import { useRealtime } from "../../lib/realtime.ts";
import { type ClubsApi, clubsApi } from "./clubsApi.ts";
import { clubsReducer, initialClubs, selectedClub } from "./clubsStore.ts";
import {
  createInvitationsBadgeStore,
  type InvitationsBadgeStore,
  invitationAnswered,
} from "./invitationsBadgeStore.ts";
import { createJoinRequestsBadgeStore, type JoinRequestsBadgeStore } from "./joinRequestsBadgeStore.ts";

/** The club calls; the real ones by default, fakes in tests. */
export const ClubsApiContext = createContext<ClubsApi>(clubsApi);

/** The page's waiting club invitations, for the navigation's badge; tests give each render a store of their own. */
export const InvitationsBadgeContext = createContext<InvitationsBadgeStore>(createInvitationsBadgeStore());

/** The requests to join the clubs I administer, for the navigation's badge and the clubs list. */
export const JoinRequestsBadgeContext = createContext<JoinRequestsBadgeStore>(createJoinRequestsBadgeStore());

export function useClubsApi(): ClubsApi {
  return useContext(ClubsApiContext);
}

const isDenied = (error: unknown) => error instanceof ApiRequestError && (error.status === 401 || error.status === 403);

/** SPEC §9: how long the leave outcome stays on screen. */
export const LEAVE_MESSAGE_MS = 7_000;

export interface LeaveOutcome {
  text: string;
  ok: boolean;
}

/** My clubs and invitations for /social: loading, selection, invitations, leaving (SPEC §4). */
export function useClubs() {
  const client = useClubsApi();
  const realtime = useRealtime();
  const [state, dispatch] = useReducer(clubsReducer, initialClubs);
  const [loadError, setLoadError] = useState<string>();
  const [leaveOutcome, setLeaveOutcome] = useState<LeaveOutcome>();

  const reload = useCallback(
    async (prefer?: number) => {
      try {
        const clubs = await client.list();
        setLoadError(undefined);
        dispatch(prefer === undefined ? { type: "clubsLoaded", clubs } : { type: "clubsLoaded", clubs, prefer });
      } catch (error) {
        if (isDenied(error)) dispatch({ type: "denied" });
        else setLoadError(errorMessage(undefined, error));
      }
    },
    [client],
  );

  const badge = useContext(InvitationsBadgeContext);
  const reloadInvitations = useCallback(async () => {
    try {
      const invitations = await client.invitations();
      dispatch({ type: "invitationsLoaded", invitations });
      badge.dispatch({ type: "loaded", items: invitations.map((i) => i.clubId) });
    } catch (error) {
      if (isDenied(error)) dispatch({ type: "denied" });
    }
  }, [client, badge]);

  useEffect(() => {
    void reload();
    void reloadInvitations();
  }, [reload, reloadInvitations]);

  useEffect(
    () => realtime.on("clubInvitationReceived", (invitation) => dispatch({ type: "invitationReceived", invitation })),
    [realtime],
  );

  // Answered in another tab (or this one): it waits no more, and an accepted club is in the list.
  useEffect(
    () =>
      realtime.on("clubInvitationAnswered", ({ clubId, accepted }) => {
        dispatch({ type: "invitationAnswered", clubId });
        if (accepted) void reload();
      }),
    [realtime, reload],
  );

  // A leaving administrator hands the club on: who administers it is in the list.
  useEffect(() => realtime.on("clubMembersChanged", () => void reload()), [realtime, reload]);

  useEffect(() => {
    if (!leaveOutcome) return;
    const t = setTimeout(() => setLeaveOutcome(undefined), LEAVE_MESSAGE_MS);
    return () => clearTimeout(t);
  }, [leaveOutcome]);

  /** Accepts or declines; rejects with the error's message so the caller can alert it. */
  const answerInvitation = useCallback(
    async (invitation: ClubInvitation, accepted: boolean) => {
      try {
        await client.answerInvitation(invitation.clubId, accepted);
      } catch (error) {
        // Gone already (answered in another tab): drop it from the list as well.
        if (error instanceof ApiRequestError && error.status === 404) {
          dispatch({ type: "invitationAnswered", clubId: invitation.clubId });
          badge.dispatch(invitationAnswered(invitation.clubId));
        }
        throw error;
      }
      dispatch({ type: "invitationAnswered", clubId: invitation.clubId });
      badge.dispatch(invitationAnswered(invitation.clubId));
      if (accepted) await reload(invitation.clubId);
    },
    [client, reload, badge],
  );

  const club = selectedClub(state);

  /** SPEC §4 leaving: after the confirmation; the outcome shows for 7 s, then the clubs reload. */
  const leave = useCallback(async () => {
    if (!club) {
      setLeaveOutcome({ text: "No active club selected to leave.", ok: false });
      return;
    }
    try {
      const answer = await client.leave(club.clubId);
      setLeaveOutcome({ text: answer?.message?.trim() || successMessage(answer), ok: true });
      dispatch({ type: "clubLeft", clubId: club.clubId });
    } catch (error) {
      setLeaveOutcome({ text: `Failed to leave club: ${errorMessage(undefined, error)}`, ok: false });
      return;
    }
    await reload();
  }, [client, club, reload]);

  return {
    state,
    club,
    loadError,
    leaveOutcome,
    select: (clubId: number) => dispatch({ type: "selected", clubId }),
    reload,
    reloadInvitations,
    answerInvitation,
    leave,
    /** POST /club/create; the dialog reloads the list once it is done. */
    create: client.create,
  };
}
