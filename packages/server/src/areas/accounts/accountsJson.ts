import {
  type AccountStatus,
  type Actor,
  type CreateUserResponse,
  type CurrentUser,
  type GuestSessionResponse,
  type LoginResponse,
  MESSAGES,
  type TempUsernameResponse,
} from "@chess/shared";

export const currentUserJson = (identity: Actor): CurrentUser => ({
  username: identity.username,
  isLoggedIn: !identity.isGuest,
});

export const createdJson = (username: string): CreateUserResponse => ({
  successMsg: MESSAGES.accountCreated,
  username,
});

export const loginJson = (sessionId: string, username: string): LoginResponse => ({ sessionId, username });

export const tempUsernameJson = (identity: Actor): TempUsernameResponse => ({ username: identity.username });

export const accountStatusJson = (account: { username: string; closedAt: Date | null }): AccountStatus => ({
  username: account.username,
  closed: account.closedAt !== null,
  closedAt: account.closedAt?.getTime() ?? null,
});

export const guestSessionJson = (identity: Actor): GuestSessionResponse => ({
  sessionId: identity.sessionId,
  username: identity.username,
  isGuest: identity.isGuest,
});
