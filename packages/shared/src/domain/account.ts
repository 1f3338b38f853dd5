/** Account rules shared by the sign-up form and the server (SPEC §5). */

/** Letters, digits and some symbols, an @, a domain, and a suffix of two or more letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const EMAIL_MAX = 254;

/** 3–20 characters: letters, digits, "_" and "-", starting with a letter or digit. */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{2,19}$/;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;

export const PASSWORD_MIN = 8;
/** argon2 hashes whatever it is given; a cap keeps one request from costing seconds. */
export const PASSWORD_MAX = 128;

export const MESSAGES = {
  invalidEmail: "Missing or invalid characters in e-mail",
  passwordsMustMatch: "Passwords must match",
  invalidUsername: "Username must be 3-20 characters: letters, digits, '_' or '-', starting with a letter or digit",
  reservedUsername: "This username is reserved",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  usernameTaken: "This username is already taken",
  emailTaken: "An account with this e-mail already exists",
  badCredentials: "Invalid username or password",
  notLoggedIn: "User cannot be retrieved - no valid user is logged in",
  unknownSession: "Unknown or expired session",
  accountCreated: "Account created",
  loggedOut: "Logged out",
  wrongCurrentPassword: "Your current password is not right",
  samePassword: "Your new password must differ from your current one",
  passwordChanged: "Your password has been changed",
  /** Login with the right password of a closed account. */
  accountClosed: "This account is closed",
  /** Sign-up under the name of a closed account: names are never given to another player. */
  usernameOfClosedAccount: "This username belonged to an account that was closed; it cannot be used again",
  noSuchPlayer: "No player with that username",
  closeWhilePlaying: "Finish or resign your games first",
  closedAccount: "Your account is closed",
} as const;

/** Names that would pass for a guest or for the "Anonymous" label of the lobby. */
export function isReservedUsername(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith("guest") || lower === "anonymous" || lower === "admin";
}

/** The guest name shown for a session without an account, e.g. "Guest-4821". */
export function isGuestName(name: string): boolean {
  return /^Guest-\d{4,6}$/.test(name);
}
