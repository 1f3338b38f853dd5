import { randomBytes, randomInt } from "node:crypto";
import {
  type AccountActor,
  type Actor,
  type ChangePasswordBody,
  type CloseAccountBody,
  type CreateUserBody,
  type LoginBody,
  MESSAGES,
} from "@chess/shared";
import { hash, verify } from "@node-rs/argon2";
import type { Bus } from "../../bus.ts";
import { addressKey } from "../../http/addressKey.ts";
import { conflict, forbidden, tooManyRequests, unauthorized } from "../../http/errors.ts";
import type { RateLimiter } from "../../storage/rateLimits.ts";
import type { AccountsRepo } from "./accountsRepo.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const USER_SESSION_TTL = 30 * DAY;
const GUEST_SESSION_TTL = 7 * DAY;
const TOUCH_EVERY = 60 * MINUTE;

/**
 * lichess-like figures, keyed so that an attacker throttles their own address, not the owner: 10 tries per
 * account from one address, 200 per address, and a wide 100 per account from all addresses together (a
 * distributed guess) before the account itself is slowed. Windows, never a lockout.
 */
const LOGIN_PER_ACCOUNT_AND_IP = { limit: 10, windowMs: 10 * MINUTE };
const LOGIN_PER_IP = { limit: 200, windowMs: 10 * MINUTE };
const LOGIN_PER_ACCOUNT = { limit: 100, windowMs: 10 * MINUTE };
const GUEST_WINDOW = 10 * MINUTE;
const SIGNUP_WINDOW = 60 * MINUTE;
/**
 * Sign-up tries one address may make per account it may create: a taken name or e-mail costs no allowance,
 * but tries are bounded all the same, as each tells whether a name or an e-mail has an account.
 */
const SIGNUP_TRIES_PER_ACCOUNT = 5;

const takenMessage = {
  username: MESSAGES.usernameTaken,
  closedUsername: MESSAGES.usernameOfClosedAccount,
  email: MESSAGES.emailTaken,
} as const;

export const newSessionId = () => randomBytes(24).toString("base64url");
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
export const newGuestName = () => `Guest-${randomInt(1000, 10000)}`;

/**
 * Another area's reason an account may not close now (a live game: the games area's guard), else undefined.
 * Accounts knows no games, clubs or friends: they add guards, and let go of a closed account on the bus.
 */
export type CloseGuard = (userId: number) => Promise<string | undefined>;

export interface AccountsDeps {
  repo: AccountsRepo;
  limiter: RateLimiter;
  bus: Bus;
  /** Asked in turn before an account closes; filled by the areas that may refuse (accountsModule's port). */
  closeGuards: readonly CloseGuard[];
  signupLimitPerIp: number;
  /** New guest sessions one address may open per 10 minutes. */
  guestSessionsPerIp: number;
  now?: () => number;
}

export function createAccountsService(deps: AccountsDeps) {
  const { repo, limiter, bus, closeGuards, signupLimitPerIp, guestSessionsPerIp, now = Date.now } = deps;
  // Verifying against a real hash when the user does not exist keeps both answers equally slow.
  let dummyHash: Promise<string> | undefined;
  const dummy = () => {
    dummyHash ??= hash(randomBytes(16).toString("hex"));
    return dummyHash;
  };

  async function limit(key: string, rule: { limit: number; windowMs: number }, what?: string) {
    const decision = await limiter.hit(key, rule.limit, rule.windowMs);
    if (!decision.ok) throw tooManyRequests(decision.retryAfterMs, what);
  }

  /**
   * Counts one password check against the login allowances, whether it is a login or a password change:
   * a second way to test a password must not double the guesses. Returns the key a success resets.
   */
  async function passwordCheck(username: string, ip: string): Promise<string> {
    const account = username.toLowerCase();
    const network = addressKey(ip);
    const accountKey = `login:user:${account}:ip:${network}`;
    await limit(`login:ip:${network}`, LOGIN_PER_IP);
    await limit(accountKey, LOGIN_PER_ACCOUNT_AND_IP);
    await limit(`login:user:${account}`, LOGIN_PER_ACCOUNT);
    return accountKey;
  }

  function actorOfSession(row: {
    id: string;
    userId: number | null;
    username: string | null;
    guestName: string;
  }): Actor {
    const isGuest = row.userId === null || row.username === null;
    return {
      sessionId: row.id,
      userId: row.userId,
      username: isGuest ? row.guestName : (row.username as string),
      isGuest,
    };
  }

  return {
    async signup(input: CreateUserBody, ip: string): Promise<{ username: string }> {
      const network = addressKey(ip);
      await limit(`signup:tries:ip:${network}`, {
        limit: signupLimitPerIp * SIGNUP_TRIES_PER_ACCOUNT,
        windowMs: SIGNUP_WINDOW,
      });
      // Checked before hashing so a taken name costs no argon2 time; the unique index still decides races.
      const taken = await repo.usernameOrEmailTaken(input.username, input.email);
      if (taken) throw conflict(takenMessage[taken]);
      // Counted before the account is made, so a burst of sign-ups in parallel cannot pass the limit together.
      await limit(
        `signup:ip:${network}`,
        { limit: signupLimitPerIp, windowMs: SIGNUP_WINDOW },
        "Too many new accounts from your address",
      );
      const passwordHash = await hash(input.password);
      const result = await repo.insertUser({
        username: input.username,
        email: input.email.toLowerCase(),
        passwordHash,
      });
      if (!result.ok) throw conflict(result.duplicate === "email" ? MESSAGES.emailTaken : MESSAGES.usernameTaken);
      return { username: input.username };
    },

    /** Checks the password and opens a fresh session (never reusing the caller's id: no fixation). */
    async login(input: LoginBody, ip: string, previous?: Actor): Promise<{ sessionId: string; username: string }> {
      const accountKey = await passwordCheck(input.username, ip);
      const user = await repo.findUserByName(input.username);
      const valid = await verify(user?.passwordHash ?? (await dummy()), input.password).catch(() => false);
      if (!user || !valid) throw unauthorized(MESSAGES.badCredentials);
      await limiter.reset(accountKey);
      // Said only to whoever knows the password: the profile tells the rest of the world anyway.
      if (user.closedAt) throw forbidden(MESSAGES.accountClosed);
      if (previous && !previous.isGuest) await this.logout(previous.sessionId);
      if (previous?.isGuest)
        bus.publish("guestSignedIn", { guestSessionId: previous.sessionId, userId: user.id, username: user.username });
      const sessionId = newSessionId();
      await repo.insertSession({ id: sessionId, userId: user.id, guestName: newGuestName() });
      return { sessionId, username: user.username };
    },

    /**
     * Replaces the password of the caller's account once the current one is proven, and ends the account's
     * other sessions (whoever knew the old password may hold one); the caller's session goes on.
     */
    async changePassword(caller: AccountActor, input: ChangePasswordBody, ip: string): Promise<void> {
      const accountKey = await passwordCheck(caller.username, ip);
      const user = await repo.findUserById(caller.userId);
      if (!user) throw unauthorized(MESSAGES.notLoggedIn);
      const valid = await verify(user.passwordHash, input.currentPassword).catch(() => false);
      if (!valid) throw unauthorized(MESSAGES.wrongCurrentPassword);
      await limiter.reset(accountKey);
      const ended = await repo.setPassword(user.id, await hash(input.newPassword), caller.sessionId);
      for (const sessionId of ended) bus.publish("sessionEnded", { sessionId });
    },

    /**
     * Closes the caller's account once its password is proven (checks count as logins do), unless it is in a
     * live game. Every session of the account ends (its sockets are dropped, as at logout), then the other
     * areas let go of it. The name stays taken and the games keep it.
     */
    async close(caller: AccountActor, input: CloseAccountBody, ip: string): Promise<void> {
      const accountKey = await passwordCheck(caller.username, ip);
      const user = await repo.findUserById(caller.userId);
      if (!user || user.closedAt) throw unauthorized(MESSAGES.notLoggedIn);
      const valid = await verify(user.passwordHash, input.password).catch(() => false);
      if (!valid) throw unauthorized(MESSAGES.wrongCurrentPassword);
      await limiter.reset(accountKey);
      for (const guard of closeGuards) {
        const refusal = await guard(user.id);
        if (refusal) throw conflict(refusal);
      }
      const ended = await repo.closeAccount(user.id, new Date(now()));
      // Another request closed it first, and did the rest.
      if (!ended) throw unauthorized(MESSAGES.notLoggedIn);
      for (const sessionId of ended) bus.publish("sessionEnded", { sessionId });
      await bus.publishAndWait("accountClosed", { userId: user.id, username: user.username });
    },

    /** Whether the account named `username` exists, and whether it is closed. */
    accountStatus: (username: string) => repo.accountStatus(username),

    async logout(sessionId: string): Promise<void> {
      await repo.deleteSession(sessionId);
      bus.publish("sessionEnded", { sessionId });
    },

    /** The live identity of a session id, or undefined when it is unknown or expired. */
    async resolve(sessionId: string | undefined): Promise<Actor | undefined> {
      // Ours are base64url; anything else (a NUL would fail in PostgreSQL) names no session.
      if (!sessionId || !SESSION_ID_PATTERN.test(sessionId)) return undefined;
      const row = await repo.findSession(sessionId);
      // A login that raced the account's closing may have left a session behind: it names nobody.
      if (!row || row.closedAt) return undefined;
      const age = now() - row.lastSeenAt.getTime();
      if (age > (row.userId === null ? GUEST_SESSION_TTL : USER_SESSION_TTL)) return undefined;
      if (age > TOUCH_EVERY) void repo.touchSession(row.id, new Date(now())).catch(() => {});
      return actorOfSession(row);
    },

    /** A new anonymous session with a stable guest name; an address opening too many is refused (429). */
    async createGuest(address: string): Promise<Actor> {
      await limit(`guest:ip:${addressKey(address)}`, { limit: guestSessionsPerIp, windowMs: GUEST_WINDOW });
      const sessionId = newSessionId();
      const guestName = newGuestName();
      await repo.insertSession({ id: sessionId, userId: null, guestName });
      return { sessionId, userId: null, username: guestName, isGuest: true };
    },

    async sweepStaleSessions(): Promise<void> {
      const t = now();
      await repo.deleteStaleSessions(new Date(t - USER_SESSION_TTL), new Date(t - GUEST_SESSION_TTL));
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
