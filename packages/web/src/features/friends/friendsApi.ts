import type {
  ApiSuccess,
  BlockedPlayer,
  ContactAnswer,
  Friend,
  FriendMessage,
  FriendRequest,
  MarkedRead,
  SentFriendRequest,
  UnreadCounts,
} from "@chess/shared";
import { api, withQuery } from "../../lib/api.ts";

/** The friend calls of SPEC §7 (all with credentials). Reject with ApiRequestError. */
export const friendsApi = {
  /** POST /friend/send-request → {successMsg: "Friend Request Sent" | "You are now friends"}. */
  sendRequest: (friendName: string) => api.post<ApiSuccess>("/friend/send-request", { friendName }),
  /** GET /friend/list-invites: requests to me. */
  requests: () => api.get<FriendRequest[]>("/friend/list-invites"),
  /** GET /friend/list-sent: my requests still waiting, newest first. */
  sentRequests: () => api.get<SentFriendRequest[]>("/friend/list-sent"),
  /** POST /friend/withdraw-request → {successMsg}. */
  withdrawRequest: (friendName: string) => api.post<ApiSuccess>("/friend/withdraw-request", { friendName }),
  /** GET /friend/list. */
  list: () => api.get<Friend[]>("/friend/list"),
  /** POST /friend/handle-request → {successMsg}. */
  answerRequest: (inviterId: number, accepted: boolean) =>
    api.post<ApiSuccess>("/friend/handle-request", { inviterId, accepted }),
  /** GET /friend/messages/{friendName}?pageNo: page 1 is the newest 20, oldest first. */
  messages: (friendName: string, pageNo: number) =>
    api.get<FriendMessage[]>(withQuery(`/friend/messages/${encodeURIComponent(friendName)}`, { pageNo })),
  /** GET /friend/unread: my unread messages per friend. */
  unread: () => api.get<UnreadCounts>("/friend/unread"),
  /** POST /friend/messages/{friendName}/read: I read the conversation. */
  markRead: (friendName: string) => api.post<MarkedRead>(`/friend/messages/${encodeURIComponent(friendName)}/read`, {}),
  /** GET /friend/contact/{friendName}: whether I may message and challenge that player now, and why not. */
  contact: (friendName: string) => api.get<ContactAnswer>(`/friend/contact/${encodeURIComponent(friendName)}`),
  /** GET /friend/blocked: players I blocked, newest first. */
  blocked: () => api.get<BlockedPlayer[]>("/friend/blocked"),
  /** POST /friend/block: also ends the friendship. */
  block: (friendName: string) => api.post<ApiSuccess>("/friend/block", { friendName }),
  /** POST /friend/unblock. */
  unblock: (friendName: string) => api.post<ApiSuccess>("/friend/unblock", { friendName }),
};

export type FriendsApi = typeof friendsApi;
