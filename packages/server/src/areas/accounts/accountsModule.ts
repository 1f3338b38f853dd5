import type { Actor } from "@chess/shared";
import type { FastifyRequest } from "fastify";
import type { Core } from "../../core.ts";
import type { AreaModule } from "../../mount.ts";
import { createRequestAuth, type RequestAuth } from "./accountsAuth.ts";
import { createAccountsRepo } from "./accountsRepo.ts";
import { registerAccountsRoutes } from "./accountsRoutes.ts";
import { type CloseGuard, createAccountsService } from "./accountsService.ts";
import { identifySocket } from "./accountsSocket.ts";

const SESSION_SWEEP_MS = 3_600_000;

/** An open account by name: a closed one is nobody to befriend, invite, message or block. */
export interface AccountLookup {
  findOpen(username: string): Promise<{ id: number; username: string } | undefined>;
}

/** Who is behind a request: its cookie or header, else (SPEC §7's rematch calls) a session id it names. */
export interface Callers extends RequestAuth {
  identifyOrSession(req: FastifyRequest, sessionId: string | undefined): Promise<Actor | undefined>;
}

/** Sessions, accounts and who a socket or a request is. Other areas get callers, lookups and close guards. */
export function accountsModule(core: Core) {
  const repo = createAccountsRepo(core.db);
  const closeGuards: CloseGuard[] = [];
  const service = createAccountsService({
    repo,
    limiter: core.limiter,
    bus: core.bus,
    closeGuards,
    signupLimitPerIp: core.config.signupLimitPerIp,
    guestSessionsPerIp: core.config.guestSessionsPerIp,
  });
  const auth = createRequestAuth(service);
  core.realtime.identifyWith((handshake) => identifySocket(service, handshake));
  core.bus.subscribe("sessionEnded", ({ sessionId }) => core.realtime.disconnectSession(sessionId));

  const callers: Callers = {
    ...auth,
    identifyOrSession: async (req, sessionId) => (await auth.identify(req)) ?? service.resolve(sessionId),
  };
  const lookup: AccountLookup = {
    async findOpen(username) {
      const u = await repo.findUserByName(username);
      return u && u.closedAt === null ? { id: u.id, username: u.username } : undefined;
    },
  };

  const area: AreaModule = {
    name: "accounts",
    routes: (app) => registerAccountsRoutes(app, { service, auth, secureCookies: core.config.secureCookies }),
    timers: [{ name: "session sweep", everyMs: SESSION_SWEEP_MS, run: () => service.sweepStaleSessions() }],
  };
  return {
    area,
    callers,
    lookup,
    /** An area that may refuse an account's closing adds its reason here. */
    closing: { guard: (guard: CloseGuard) => void closeGuards.push(guard) },
  };
}

export type AccountsModule = ReturnType<typeof accountsModule>;
