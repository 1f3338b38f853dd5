import { type DailyGame, type DailyOffer, dailyGamePayload, dailyMovePayload, noPayload } from "@chess/shared";
import { type SocketEvents, socketEvent } from "../../realtime/handlers.ts";
import type { AppSocket } from "../../realtime/sockets.ts";
import { ok, type Result } from "../../util/result.ts";
import { DAILY_OFFERS_ROOM, dailyRoom } from "./dailyNotifier.ts";
import type { DailyOffersService } from "./dailyOffers.ts";
import type { DailyService, DailyUser } from "./dailyService.ts";

const LOG_IN = { ok: false as const, code: "unauthorized", message: "Log in to play daily games" };

const userOf = (socket: AppSocket): DailyUser | undefined => {
  const { userId, username } = socket.data.owner;
  return userId === null ? undefined : { userId, username };
};

/** Runs a player's command; guests play no daily games. */
const asUser =
  <P>(run: (user: DailyUser, payload: P) => Promise<Result<unknown>>) =>
  (socket: AppSocket, payload: P) => {
    const user = userOf(socket);
    return user ? run(user, payload) : LOG_IN;
  };

/**
 * The daily events: moves and offers in a game, and following a game or the daily offers. Each answer also
 * comes as an event (`dailyGame`, `dailyOfferAdded`), so a client without acknowledgements has it too.
 */
export function dailySocketEvents(deps: {
  games: DailyService;
  offers: Pick<DailyOffersService, "list">;
}): SocketEvents {
  const { games, offers } = deps;
  return {
    dailyMove: socketEvent(
      dailyMovePayload,
      asUser((u, p) => games.move(u, p)),
    ),
    dailyResign: socketEvent(
      dailyGamePayload,
      asUser((u, p) => games.resign(u, p.gameId)),
    ),
    dailyOfferDraw: socketEvent(
      dailyGamePayload,
      asUser((u, p) => games.offerDraw(u, p.gameId)),
    ),
    dailyDeclineDraw: socketEvent(
      dailyGamePayload,
      asUser((u, p) => games.declineDraw(u, p.gameId)),
    ),
    // The room is joined before the state is read: a move stored in between is then received, not lost.
    followDaily: socketEvent(dailyGamePayload, async (s, p): Promise<Result<DailyGame>> => {
      const room = dailyRoom(p.gameId);
      const wasIn = s.rooms.has(room);
      await s.join(room);
      const game = await games.snapshot(p.gameId, s.data.owner.userId);
      if (!game) {
        if (!wasIn) await s.leave(room);
        return { ok: false, code: "not_found", message: "Daily game not found" };
      }
      s.emit("dailyGame", game);
      return ok(game);
    }),
    unfollowDaily: socketEvent(dailyGamePayload, async (s, p) => {
      await s.leave(dailyRoom(p.gameId));
      return ok();
    }),
    followDailyOffers: socketEvent(noPayload, async (s): Promise<Result<DailyOffer[]>> => {
      await s.join(DAILY_OFFERS_ROOM);
      const list = await offers.list(s.data.owner.userId);
      for (const offer of [...list].reverse()) s.emit("dailyOfferAdded", offer);
      return ok(list);
    }),
    unfollowDailyOffers: socketEvent(noPayload, async (s) => {
      await s.leave(DAILY_OFFERS_ROOM);
      return ok();
    }),
  };
}
