import { randomBytes, randomInt } from "node:crypto";
import {
  type AccountActor,
  type Actor,
  type ChangePasswordBody,
  type CloseAccountBody,
  type CreateUserBody,
  fail,
  type LoginBody,
  MESSAGES,
} from "@chess/shared";
import { hash, verify } from "@node-rs/argon2";
import type { Bus } from "../../bus.ts";
import { addressKey } from "../../http/addressKey.ts";
import type { RateLimiter } from "../../storage/rateLimits.ts";
import { ok, type Refused, type Result, rateLimited } from "../../util/result.ts";
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

  /** Counts one try; the refusal when the allowance is spent. */
  async function limit(
    key: string,
    rule: { limit: number; windowMs: number },
    what?: string,
  ): Promise<Refused | undefined> {
    const decision = await limiter.hit(key, rule.limit, rule.windowMs);
    return decision.ok ? undefined : rateLimited(decision.retryAfterMs, what);
  }

  /**
   * Counts one password check against the login allowances, whether it is a login or a password change:
   * a second way to test a password must not double the guesses. Gives the key a success resets.
   */
  async function passwordCheck(username: string, ip: string): Promise<Result<string>> {
    const account = username.toLowerCase();
    const network = addressKey(ip);
    const accountKey = `login:user:${account}:ip:${network}`;
    const limited =
      (await limit(`login:ip:${network}`, LOGIN_PER_IP)) ??
      (await limit(accountKey, LOGIN_PER_ACCOUNT_AND_IP)) ??
      (await limit(`login:user:${account}`, LOGIN_PER_ACCOUNT));
    return limited ?? ok(accountKey);
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
    async signup(input: CreateUserBody, ip: string): Promise<Result<{ username: string }>> {
      const network = addressKey(ip);
      const tries = await limit(`signup:tries:ip:${network}`, {
        limit: signupLimitPerIp * SIGNUP_TRIES_PER_ACCOUNT,
        windowMs: SIGNUP_WINDOW,
      });
      if (tries) return tries;
      // Checked before hashing so a taken name costs no argon2 time; the unique index still decides races.
      const taken = await repo.usernameOrEmailTaken(input.username, input.email);
      if (taken) return fail("conflict", takenMessage[taken]);
      // Counted before the account is made, so a burst of sign-ups in parallel cannot pass the limit together.
      const accountsMade = await limit(
        `signup:ip:${network}`,
        { limit: signupLimitPerIp, windowMs: SIGNUP_WINDOW },
        "Too many new accounts from your address",
      );
      if (accountsMade) return accountsMade;
      const passwordHash = await hash(input.password);
      const result = await repo.insertUser({
        username: input.username,
        email: input.email.toLowerCase(),
        passwordHash,
      });
      if (!result.ok)
        return fail("conflict", result.duplicate === "email" ? MESSAGES.emailTaken : MESSAGES.usernameTaken);
      return ok({ username: input.username });
    },

    /** Checks the password and opens a fresh session (never reusing the caller's id: no fixation). */
    async login(
      input: LoginBody,
      ip: string,
      previous?: Actor,
    ): Promise<Result<{ sessionId: string; username: string }>> {
      const check = await passwordCheck(input.username, ip);
      if (!check.ok) return check;
      const user = await repo.findUserByName(input.username);
      const valid = await verify(user?.passwordHash ?? (await dummy()), input.password).catch(() => false);
      if (!user || !valid) return fail("unauthorized", MESSAGES.badCredentials);
      await limiter.reset(check.data);
      // Said only to whoever knows the password: the profile tells the rest of the world anyway.
      if (user.closedAt) return fail("forbidden", MESSAGES.accountClosed);
      if (previous && !previous.isGuest) await this.logout(previous.sessionId);
      const sessionId = newSessionId();
      await repo.insertSession({ id: sessionId, userId: user.id, guestName: newGuestName() });
      // Published once the session is stored: a live game's seat moves to it before the answer goes.
      if (previous?.isGuest)
        await bus.publishAndWait("guestSignedIn", {
          guestSessionId: previous.sessionId,
          userId: user.id,
          username: user.username,
          sessionId,
        });
      // Every tab of the browser follows: the guest's sockets are dropped, and come back under the cookie's account.
      if (previous?.isGuest) await this.logout(previous.sessionId);
      return ok({ sessionId, username: user.username });
    },

    /**
     * Replaces the password of the caller's account once the current one is proven, and ends the account's
     * other sessions (whoever knew the old password may hold one); the caller's session goes on.
     */
    async changePassword(
      caller: Pick<AccountActor, "sessionId" | "userId" | "username">,
      input: ChangePasswordBody,
      ip: string,
    ): Promise<Result> {
      const check = await passwordCheck(caller.username, ip);
      if (!check.ok) return check;
      const user = await repo.findUserById(caller.userId);
      if (!user) return fail("unauthorized", MESSAGES.notLoggedIn);
      const valid = await verify(user.passwordHash, input.currentPassword).catch(() => false);
      if (!valid) return fail("unauthorized", MESSAGES.wrongCurrentPassword);
      await limiter.reset(check.data);
      const ended = await repo.setPassword(user.id, await hash(input.newPassword), caller.sessionId);
      for (const sessionId of ended) bus.publish("sessionEnded", { sessionId });
      return ok();
    },

    /**
     * Closes the caller's account once its password is proven (checks count as logins do), unless it is in a
     * live game. Every session of the account ends (its sockets are dropped, as at logout), then the other
     * areas let go of it. The name stays taken and the games keep it.
     */
    async close(
      caller: Pick<AccountActor, "userId" | "username">,
      input: CloseAccountBody,
      ip: string,
    ): Promise<Result> {
      const check = await passwordCheck(caller.username, ip);
      if (!check.ok) return check;
      const user = await repo.findUserById(caller.userId);
      if (!user || user.closedAt) return fail("unauthorized", MESSAGES.notLoggedIn);
      const valid = await verify(user.passwordHash, input.password).catch(() => false);
      if (!valid) return fail("unauthorized", MESSAGES.wrongCurrentPassword);
      await limiter.reset(check.data);
      for (const guard of closeGuards) {
        const refusal = await guard(user.id);
        if (refusal) return fail("conflict", refusal);
      }
      const ended = await repo.closeAccount(user.id, new Date(now()));
      // Another request closed it first, and did the rest.
      if (!ended) return fail("unauthorized", MESSAGES.notLoggedIn);
      for (const sessionId of ended) bus.publish("sessionEnded", { sessionId });
      await bus.publishAndWait("accountClosed", { userId: user.id, username: user.username });
      return ok();
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
    async createGuest(address: string): Promise<Result<Actor>> {
      const limited = await limit(`guest:ip:${addressKey(address)}`, {
        limit: guestSessionsPerIp,
        windowMs: GUEST_WINDOW,
      });
      if (limited) return limited;
      const sessionId = newSessionId();
      const guestName = newGuestName();
      await repo.insertSession({ id: sessionId, userId: null, guestName });
      return ok({ sessionId, userId: null, username: guestName, isGuest: true });
    },

    async sweepStaleSessions(): Promise<void> {
      const t = now();
      await repo.deleteStaleSessions(new Date(t - USER_SESSION_TTL), new Date(t - GUEST_SESSION_TTL));
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
