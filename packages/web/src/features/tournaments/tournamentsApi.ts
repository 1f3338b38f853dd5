import type {
  ArenaMe,
  ArenaStandingsPage,
  ArenaSummary,
  ArenaTrophy,
  ArenaView,
  Club,
  CreateArenaBody,
  TournamentList,
} from "@chess/shared";
import { api, withQuery } from "../../lib/api.ts";

const enc = encodeURIComponent;

/** The arena routes (docs PROTOCOL, "GET /tournaments"…); each rejects with ApiRequestError. */
export const tournamentsApi = {
  list: (signal?: AbortSignal) => api.get<TournamentList>("/tournaments", signal),
  view: (id: string, signal?: AbortSignal) => api.get<ArenaView>(`/tournaments/${enc(id)}`, signal),
  standings: (id: string, page: number, signal?: AbortSignal) =>
    api.get<ArenaStandingsPage>(withQuery(`/tournaments/${enc(id)}/standings`, { page }), signal),
  /** The body is sent as the form built it; the server applies the defaults. */
  create: (body: Partial<CreateArenaBody>) => api.post<ArenaSummary>("/tournaments", body),
  join: (id: string) => api.post<ArenaMe>(`/tournaments/${enc(id)}/join`),
  pause: (id: string) => api.post<ArenaMe>(`/tournaments/${enc(id)}/pause`),
  /** The clubs I administer (GET /club/list), for a club arena; [] for a guest. */
  adminClubs: async () =>
    (await api.get<Club[]>("/club/list"))
      .filter((c) => c.isAdministrator)
      .map((c) => ({ clubId: c.clubId, clubName: c.clubName })),
  trophies: (username: string, signal?: AbortSignal) =>
    api.get<ArenaTrophy[]>(`/tournaments/trophies/${enc(username)}`, signal),
};

export type TournamentsApi = typeof tournamentsApi;

/** The page of an arena. */
/** The tournaments page (lichess's `/tournament`); `/tournaments` is the API's list, which a browser is sent here from. */
export const TOURNAMENTS_PATH = "/tournament";
export const tournamentPath = (id: string) => `${TOURNAMENTS_PATH}/${enc(id)}`;
