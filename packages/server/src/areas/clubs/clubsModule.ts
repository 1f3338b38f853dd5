import { actorKey } from "@chess/shared";
import type { Core } from "../../core.ts";
import type { AreaModule } from "../../mount.ts";
import type { AccountLookup, Callers } from "../accounts/index.ts";
import type { Blocks } from "../friends/index.ts";
import { createClubsRepo } from "./clubsRepo.ts";
import { registerClubsRoutes } from "./clubsRoutes.ts";
import { createClubsService } from "./clubsService.ts";
import { clubsBroadcaster, clubsSocketEvents } from "./clubsSocket.ts";

/** Who belongs to which club: the lobby's club offers, club chats and club leaderboards ask. */
export interface Membership {
  isMember(clubId: number, userId: number): Promise<boolean>;
  clubIdsOf(userId: number): Promise<number[]>;
  /** A club's name and administrator. */
  club(clubId: number): Promise<{ clubId: number; name: string; administratorId: number } | undefined>;
  /** Whether the user administers the club (club arenas are theirs to make). */
  administers(clubId: number, userId: number): Promise<boolean>;
  /** The names of clubs by id (those that exist). */
  names(clubIds: number[]): Promise<Map<number, string>>;
  /** The members' account ids (told when the club's arena starts). */
  memberIds(clubId: number): Promise<number[]>;
}

/** The club calendar, for areas whose events are club events (a club arena). */
export interface ClubCalendar {
  /** Puts an arena on the club's calendar (its members watching the club are told, as for any event). */
  addArena(
    clubId: number,
    arena: { authorId: number; authorName: string; title: string; date: string; tournamentId: string },
  ): Promise<void>;
}

/** Clubs: members, invitations, posts, the calendar. Other areas get `membership`. */
export function clubsModule(
  core: Core,
  ports: { callers: Callers; accounts: AccountLookup; blocks: Pick<Blocks, "isBlocked"> },
) {
  const repo = createClubsRepo(core.db);
  const clubs = createClubsService({
    repo,
    limiter: core.limiter,
    findUser: (name) => ports.accounts.findOpen(name),
    isBlocked: (blocker, blocked) => ports.blocks.isBlocked(blocker, blocked),
    isOnline: (userId) => core.presence.isOnline(actorKey({ userId, sessionId: "" })),
    live: clubsBroadcaster(core.io),
  });
  core.bus.subscribe("accountClosed", ({ userId }) =>
    clubs
      .accountClosed(userId)
      .catch((err: unknown) => core.logger.warn({ err, userId }, "clubs: closed account kept")),
  );
  const membership: Membership = {
    isMember: (clubId, userId) => repo.isMember(clubId, userId),
    clubIdsOf: (userId) => repo.clubIdsOf(userId),
    async club(clubId) {
      const row = await repo.club(clubId);
      return row && { clubId: row.id, name: row.name, administratorId: row.administratorId };
    },
    administers: async (clubId, userId) => (await repo.club(clubId))?.administratorId === userId,
    names: (clubIds) => repo.names(clubIds),
    memberIds: async (clubId) => (await repo.members(clubId)).map((m) => m.id),
  };
  const live = clubsBroadcaster(core.io);
  const calendar: ClubCalendar = {
    async addArena(clubId, a) {
      const id = await repo.addEvent(clubId, a.authorId, a.title, a.date, a.tournamentId);
      live.eventCreated(clubId, {
        id,
        title: a.title,
        event_date: a.date,
        author: a.authorName,
        tournamentId: a.tournamentId,
      });
    },
  };
  const area: AreaModule = {
    name: "clubs",
    routes: (app) => registerClubsRoutes(app, { clubs, auth: ports.callers }),
    socketEvents: clubsSocketEvents({ clubs }),
  };
  return { area, membership, calendar };
}

export type ClubsModule = ReturnType<typeof clubsModule>;
