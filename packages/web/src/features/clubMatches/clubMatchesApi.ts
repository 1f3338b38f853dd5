import type { ClubMatches, ClubMatchSummary, ClubMatchView, CreateClubMatchBody } from "@chess/shared";
import { api, withQuery } from "../../lib/api.ts";

type ChallengeInput = Pick<CreateClubMatchBody, "clubId" | "opponentClubId" | "days"> &
  Partial<Pick<CreateClubMatchBody, "variant" | "rated" | "maxBoards" | "signUpHours">>;

/** The club-match calls (docs/PROTOCOL.md "/club-matches"). Reject with ApiRequestError. */
export const clubMatchesApi = {
  list: (clubId: number) => api.get<ClubMatches>(withQuery("/club-matches", { clubId })),
  view: (matchId: string) => api.get<ClubMatchView>(`/club-matches/${encodeURIComponent(matchId)}`),
  challenge: (body: ChallengeInput) => api.post<ClubMatchSummary>("/club-matches", body),
  act: (matchId: string, action: "accept" | "decline" | "cancel" | "join" | "leave" | "start") =>
    api.post<ClubMatchSummary>(`/club-matches/${encodeURIComponent(matchId)}/${action}`, {}),
};

export type ClubMatchesApi = typeof clubMatchesApi;
