import type {
  AccountStatus,
  CreateUserResponse,
  CurrentUser,
  LoginResponse,
  TempUsernameResponse,
} from "@chess/shared";
import { MESSAGES } from "@chess/shared";
import type { Identity } from "./accountsService.ts";

export const currentUserJson = (identity: Identity): CurrentUser => ({
  username: identity.username,
  isLoggedIn: !identity.isGuest,
});

export const createdJson = (username: string): CreateUserResponse => ({
  successMsg: MESSAGES.accountCreated,
  username,
});

export const loginJson = (sessionId: string, username: string): LoginResponse => ({ sessionId, username });

export const tempUsernameJson = (identity: Identity): TempUsernameResponse => ({ username: identity.username });

export const accountStatusJson = (account: { username: string; closedAt: Date | null }): AccountStatus => ({
  username: account.username,
  closed: account.closedAt !== null,
  closedAt: account.closedAt?.getTime() ?? null,
});
