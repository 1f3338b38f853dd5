import type { Club, ClubInvitation } from "@chess/shared";

/** The clubs sidebar as this tab sees it (SPEC §4). Pure: no I/O, tested without a DOM. */
export interface ClubsState {
  /** My clubs in the server's order; null until the first list arrived. */
  clubs: Club[] | null;
  /** The club shown in the main area; null when I have none. */
  selectedId: number | null;
  /** Pending invitations to me. */
  invitations: ClubInvitation[];
  /** The server said I am not logged in (401/403): the page shows Access Denied. */
  denied: boolean;
}

export type ClubsEvent =
  /** GET /club/list answered; `prefer` selects that club when it is listed (a club just created or joined). */
  | { type: "clubsLoaded"; clubs: Club[]; prefer?: number }
  /** GET /club/list or /club/list-invitations answered 401/403. */
  | { type: "denied" }
  | { type: "selected"; clubId: number }
  | { type: "invitationsLoaded"; invitations: ClubInvitation[] }
  /** An invitation was accepted or declined: it leaves the list either way. */
  | { type: "invitationAnswered"; clubId: number }
  /** An invitation arrived over the socket. */
  | { type: "invitationReceived"; invitation: ClubInvitation }
  /** POST /club/leave succeeded: the club goes at once, before the list reloads. */
  | { type: "clubLeft"; clubId: number };

export const initialClubs: ClubsState = { clubs: null, selectedId: null, invitations: [], denied: false };

/** The selection after the list changed: keep it while listed, else the first club (SPEC §4). */
export function nextSelection(clubs: readonly Club[], current: number | null, prefer?: number): number | null {
  if (prefer !== undefined && clubs.some((c) => c.clubId === prefer)) return prefer;
  if (current !== null && clubs.some((c) => c.clubId === current)) return current;
  return clubs[0]?.clubId ?? null;
}

export function clubsReducer(state: ClubsState, event: ClubsEvent): ClubsState {
  switch (event.type) {
    case "clubsLoaded":
      return {
        ...state,
        denied: false,
        clubs: event.clubs,
        selectedId: nextSelection(event.clubs, state.selectedId, event.prefer),
      };
    case "denied":
      return { ...initialClubs, denied: true };
    case "selected":
      if (!state.clubs?.some((c) => c.clubId === event.clubId)) return state;
      return { ...state, selectedId: event.clubId };
    case "invitationsLoaded":
      return { ...state, invitations: event.invitations };
    case "invitationAnswered":
      return { ...state, invitations: state.invitations.filter((i) => i.clubId !== event.clubId) };
    case "invitationReceived":
      if (state.invitations.some((i) => i.clubId === event.invitation.clubId)) return state;
      return { ...state, invitations: [...state.invitations, event.invitation] };
    case "clubLeft": {
      if (!state.clubs) return state;
      const clubs = state.clubs.filter((c) => c.clubId !== event.clubId);
      return { ...state, clubs, selectedId: nextSelection(clubs, state.selectedId) };
    }
  }
}

/** The selected club, if any. */
export function selectedClub(state: ClubsState): Club | undefined {
  return state.clubs?.find((c) => c.clubId === state.selectedId);
}

/** The chat id of a club's chat: "club:<clubId>". */
export function clubChatId(clubId: number): string {
  return `club:${clubId}`;
}
