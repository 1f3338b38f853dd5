import { z } from "zod";
import {
  EMAIL_MAX,
  EMAIL_PATTERN,
  isReservedUsername,
  MESSAGES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_PATTERN,
} from "../domain/account.ts";

const username = z
  .string({ error: "Username is required" })
  .trim()
  .regex(USERNAME_PATTERN, MESSAGES.invalidUsername)
  .refine((name) => !isReservedUsername(name), MESSAGES.reservedUsername);

/** A password being chosen, at sign-up or when changing it. */
const newPassword = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, MESSAGES.passwordTooLong)
  .refine((p) => p.trim().length > 0, MESSAGES.passwordTooShort);

/** POST /user/create */
export const createUserBody = z.object({
  username,
  email: z
    .string({ error: MESSAGES.invalidEmail })
    .trim()
    .max(EMAIL_MAX, MESSAGES.invalidEmail)
    .regex(EMAIL_PATTERN, MESSAGES.invalidEmail),
  password: newPassword,
});
export type CreateUserBody = z.infer<typeof createUserBody>;

/** POST /user/login. Lenient on shape (any string up to a bound) so that a wrong value reads as wrong credentials. */
export const loginBody = z.object({
  username: z
    .string({ error: "Username is required" })
    .trim()
    .min(1, "Username is required")
    .max(64, MESSAGES.badCredentials),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX, MESSAGES.badCredentials),
});
export type LoginBody = z.infer<typeof loginBody>;

/** POST /user/password. The current password is checked like a login's; the new one follows sign-up's rules. */
export const changePasswordBody = z
  .object({
    currentPassword: z
      .string({ error: "Current password is required" })
      .min(1, "Current password is required")
      .max(PASSWORD_MAX, MESSAGES.wrongCurrentPassword),
    newPassword,
  })
  .refine((b) => b.newPassword !== b.currentPassword, { message: MESSAGES.samePassword, path: ["newPassword"] });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** POST /user/close. The password is checked like a login's; a value no account could have reads as wrong. */
export const closeAccountBody = z.object({
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX, MESSAGES.wrongCurrentPassword),
});
export type CloseAccountBody = z.infer<typeof closeAccountBody>;

/** Answer of GET /user/status/{username}: whether the account is still open. */
export interface AccountStatus {
  /** The account's own spelling, e.g. "Magnus_C". */
  username: string;
  closed: boolean;
  /** When it was closed (epoch ms), else null. */
  closedAt: number | null;
}

/** Answer of POST /user/create. */
export interface CreateUserResponse {
  successMsg: string;
  username: string;
}

/** Answer of POST /user/login; `sessionId` is also set as an HttpOnly cookie. */
export interface LoginResponse {
  sessionId: string;
  username: string;
}

/** Answer of GET /user. */
export interface CurrentUser {
  username: string;
  isLoggedIn: boolean;
}

/** Answer of GET /user/temp-username (the session's guest name). */
export interface TempUsernameResponse {
  username: string;
}

/**
 * Answer of POST /user/guest-session: the browser's guest (the one its session cookie now keeps), or the
 * identity the cookie already named; `sessionId` is the one to store in the tab.
 */
export interface GuestSessionResponse {
  sessionId: string;
  username: string;
  isGuest: boolean;
}

/** Header carrying a session id for callers without the cookie (guests, SPEC §7). */
export const SESSION_HEADER = "session-id";
/** Session cookie name. */
export const SESSION_COOKIE = "sid";
/** sessionStorage key in the browser (SPEC §9). */
export const SESSION_STORAGE_KEY = "sessionId";
