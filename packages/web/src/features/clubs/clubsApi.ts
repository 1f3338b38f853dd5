import type {
  ApiSuccess,
  Club,
  ClubEvent,
  ClubInvitation,
  ClubJoinRequest,
  ClubMember,
  ClubSearchResult,
  JoinPolicy,
  Post,
  WaitingJoinRequest,
} from "@chess/shared";
import { api, withQuery } from "../../lib/api.ts";

/** The club, post and event calls of SPEC §7 (all with credentials). Reject with ApiRequestError. */
export const clubsApi = {
  /** POST /club/create → 201 {clubId, clubName, successMsg}; who may join and a description are additions. */
  create: (clubName: string, about?: { joinPolicy: JoinPolicy; description: string }) =>
    api.post<{ clubId: number; clubName: string; successMsg?: string }>("/club/create", { clubName, ...about }),
  /** GET /club/list: my clubs; 401 for guests. */
  list: () => api.get<Club[]>("/club/list"),
  /** GET /club/list-invitations. */
  invitations: () => api.get<ClubInvitation[]>("/club/list-invitations"),
  /** POST /club/handle-invitation. */
  answerInvitation: (clubId: number, accepted: boolean) =>
    api.post<ApiSuccess>("/club/handle-invitation", { clubId, accepted }),
  /** POST /club/invite (administrator only). */
  invite: (clubId: number, inviteeUsername: string) =>
    api.post<ApiSuccess>("/club/invite", { clubId, inviteeUsername }),
  /** GET /club/users?clubName. */
  members: (clubName: string) => api.get<ClubMember[]>(withQuery("/club/users", { clubName })),
  /** POST /club/leave → {message}. */
  leave: (clubId: number) => api.post<{ message?: string }>("/club/leave", { clubId }),
  /** GET /post/list?clubId: newest first. */
  posts: (clubId: number) => api.get<Post[]>(withQuery("/post/list", { clubId })),
  /** POST /post/create → 201 {id}. */
  createPost: (clubId: number, text: string) => api.post<{ id: number }>("/post/create", { clubId, text }),
  /** GET /event/list?clubId. */
  events: (clubId: number) => api.get<ClubEvent[]>(withQuery("/event/list", { clubId })),
  /** POST /event/create → 201 {id}. */
  createEvent: (clubId: number, title: string, eventDate: string) =>
    api.post<{ id: number }>("/event/create", { clubId, title, eventDate }),
  /** GET /club/search?q&pageNo: clubs one may join or ask to join, largest first. */
  search: (q: string) => api.get<ClubSearchResult[]>(withQuery("/club/search", { q })),
  /** POST /club/join → joined at once (open club) or asked (by-request club). */
  join: (clubId: number) => api.post<ApiSuccess & { joined: boolean }>("/club/join", { clubId }),
  /** GET /club/join-requests?clubId (administrator only). */
  joinRequests: (clubId: number) => api.get<ClubJoinRequest[]>(withQuery("/club/join-requests", { clubId })),
  /** GET /club/join-requests/waiting: the requests waiting in every club I administer (the site's badge). */
  waitingJoinRequests: () => api.get<WaitingJoinRequest[]>("/club/join-requests/waiting"),
  /** POST /club/handle-join-request (administrator only). */
  answerJoinRequest: (clubId: number, username: string, accept: boolean) =>
    api.post<ApiSuccess>("/club/handle-join-request", { clubId, username, accept }),
  /** POST /club/settings (administrator only). */
  setJoinPolicy: (clubId: number, joinPolicy: JoinPolicy) =>
    api.post<ApiSuccess>("/club/settings", { clubId, joinPolicy }),
};

export type ClubsApi = typeof clubsApi;
