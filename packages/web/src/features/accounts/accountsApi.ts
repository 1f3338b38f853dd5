import type {
  ApiSuccess,
  ChangePasswordBody,
  CloseAccountBody,
  CreateUserBody,
  CreateUserResponse,
  CurrentUser,
  GuestSessionResponse,
  LoginBody,
  LoginResponse,
  TempUsernameResponse,
} from "@chess/shared";
import { api } from "../../lib/api.ts";

/** The account calls of SPEC §7. */
export const accountsApi = {
  /** POST /user/create → 201 {successMsg, username}. */
  createUser: (body: CreateUserBody) => api.post<CreateUserResponse>("/user/create", body),
  /** POST /user/login → {sessionId, username} plus the session cookie. */
  login: (body: LoginBody) => api.post<LoginResponse>("/user/login", body),
  /** POST /user/logout: ends the session on the server. */
  logout: () => api.post<ApiSuccess>("/user/logout"),
  /** POST /user/password → {successMsg}; ends the account's other sessions, keeps this one. */
  changePassword: (body: ChangePasswordBody) => api.post<ApiSuccess>("/user/password", body),
  /** POST /user/close → {successMsg}; ends every session of the account (409 while it plays a live game). */
  closeAccount: (body: CloseAccountBody) => api.post<ApiSuccess>("/user/close", body),
  /** GET /user → {username, isLoggedIn}; rejects with 401 when nobody is logged in. */
  currentUser: (signal?: AbortSignal) => api.get<CurrentUser>("/user", signal),
  /** POST /user/guest-session (Session-ID header): keeps this tab's guest as the browser's, in the session cookie. */
  keepGuest: () => api.post<GuestSessionResponse>("/user/guest-session"),
  /** GET /user/temp-username (Session-ID header) → the guest name of the stored session. */
  tempUsername: (signal?: AbortSignal) => api.get<TempUsernameResponse>("/user/temp-username", signal),
};

export type AccountsApi = typeof accountsApi;
