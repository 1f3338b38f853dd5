import { type ArenaView, arenaPayload, fail, followArenaPayload, TOURNAMENT_MESSAGES } from "@chess/shared";
import { type SocketEvents, socketEvent } from "../../realtime/handlers.ts";
import type { AppSocket } from "../../realtime/sockets.ts";
import { ok, type Result } from "../../util/result.ts";
import type { ArenaFollowers } from "./arenaFollowers.ts";
import type { ArenaUser, TournamentsService } from "./tournamentsService.ts";

/** The room of an arena's followers (its page open). */
export const arenaRoom = (tournamentId: string) => `arena:${tournamentId}`;

const LOG_IN = fail("unauthorized", "Log in to play in tournaments");

const userOf = (socket: AppSocket): ArenaUser | undefined => {
  const { userId, username } = socket.data.owner;
  return userId === null ? undefined : { userId, username };
};

/**
 * Which arenas each socket follows: a player is paired only while one of their sockets does (on any node),
 * so a disconnect or an unfollow takes them out of the waves.
 */
export function arenaSockets(followers: ArenaFollowers) {
  const followed = new WeakMap<AppSocket, Set<string>>();
  return {
    /** pairingOnly: counted as on the page (paired), out of the room of the page's events. */
    async follow(socket: AppSocket, tournamentId: string, pairingOnly = false): Promise<void> {
      if (pairingOnly) await socket.leave(arenaRoom(tournamentId));
      else await socket.join(arenaRoom(tournamentId));
      const mine = followed.get(socket) ?? new Set<string>();
      followed.set(socket, mine);
      const user = userOf(socket);
      if (mine.has(tournamentId) || !user) return;
      mine.add(tournamentId);
      followers.add(tournamentId, user.userId);
    },
    async unfollow(socket: AppSocket, tournamentId: string): Promise<void> {
      await socket.leave(arenaRoom(tournamentId));
      const mine = followed.get(socket);
      const user = userOf(socket);
      if (!mine?.delete(tournamentId) || !user) return;
      followers.remove(tournamentId, user.userId);
    },
    /** The socket went: every arena it followed loses it. */
    onConnection(socket: AppSocket): void {
      socket.on("disconnect", () => {
        const user = userOf(socket);
        const mine = followed.get(socket);
        if (!user || !mine) return;
        for (const id of mine) followers.remove(id, user.userId);
        mine.clear();
      });
    },
  };
}

export type ArenaSockets = ReturnType<typeof arenaSockets>;

/**
 * followArena, unfollowArena, joinArena, pauseArena. Every answer also comes as an event (`arenaStandings`,
 * `arenaMe`), so a client without acknowledgements has it too.
 */
export function tournamentsSocketEvents(deps: { service: TournamentsService; sockets: ArenaSockets }): SocketEvents {
  const { service, sockets } = deps;
  return {
    followArena: socketEvent(followArenaPayload, async (s, p): Promise<Result<ArenaView | undefined>> => {
      // The game page's follow is one read, not the page's view: at an arena's start every player's comes at once.
      if (p.pairingOnly) {
        if (!(await service.exists(p.tournamentId))) return fail("not_found", TOURNAMENT_MESSAGES.unknown);
        await sockets.follow(s, p.tournamentId, true);
        return ok();
      }
      const view = await service.view(userOf(s) ?? null, p.tournamentId);
      if (!view.ok) return view;
      await sockets.follow(s, p.tournamentId);
      const update = await service.standingsUpdate(p.tournamentId);
      if (update) s.emit("arenaStandings", update);
      return view;
    }),
    unfollowArena: socketEvent(arenaPayload, async (s, p) => {
      await sockets.unfollow(s, p.tournamentId);
      return ok();
    }),
    joinArena: socketEvent(arenaPayload, async (s, p) => {
      const user = userOf(s);
      if (!user) return LOG_IN;
      // Followed first: a player who joins is on the page, and paired at the wave their joining asks for.
      if (!(await service.exists(p.tournamentId))) return fail("not_found", TOURNAMENT_MESSAGES.unknown);
      await sockets.follow(s, p.tournamentId);
      return service.join(user, p.tournamentId);
    }),
    pauseArena: socketEvent(arenaPayload, async (s, p) => {
      const user = userOf(s);
      return user ? service.pause(user, p.tournamentId) : LOG_IN;
    }),
  };
}
