import {
  type Ack,
  berserkPayload,
  cancelRematchPayload,
  fail,
  gameActionPayload,
  type LiveGames,
  liveGameOf,
  movePayload,
  noPayload,
  resyncPayload,
  watchPayload,
} from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import { type SocketEvents, socketEvent } from "../../realtime/handlers.ts";
import type { AppSocket } from "../../realtime/sockets.ts";
import { gameRoom } from "./gamesNotifier.ts";
import type { GamesService } from "./gamesService.ts";
import type { Rematches } from "./rematches.ts";

/** The live-game events (SPEC §7), each validated and answered with an ack. */
export function gamesSocketEvents(deps: { games: GamesService; rematches: Rematches }): SocketEvents {
  const { games, rematches } = deps;
  // The room is joined before the snapshot is read: an event broadcast in between is then received (and
  // dropped as older than the snapshot) instead of lost between the two.
  const follow = async (socket: AppSocket, gameId: string) => {
    const room = gameRoom(gameId);
    const wasIn = socket.rooms.has(room);
    await socket.join(room);
    const snapshot = await games.snapshot(socket.data.owner, gameId);
    if (!snapshot) {
      if (!wasIn) await socket.leave(room);
      return fail("not_found", "Game not found");
    }
    const rematchOffer =
      snapshot.status === "active" ? undefined : await rematches.pendingFor(socket.data.owner, gameId);
    return { ok: true as const, data: rematchOffer ? { ...snapshot, rematchOffer } : snapshot };
  };
  return {
    move: socketEvent(movePayload, (s, p) => games.move(s.data.owner, p)),
    forfeit: socketEvent(gameActionPayload, (s, p) => games.resign(s.data.owner, p?.gameId)),
    abort: socketEvent(gameActionPayload, (s, p) => games.abort(s.data.owner, p?.gameId)),
    offerDraw: socketEvent(gameActionPayload, (s, p) => games.offerDraw(s.data.owner, p?.gameId)),
    acceptDraw: socketEvent(gameActionPayload, (s, p) => games.acceptDraw(s.data.owner, p?.gameId)),
    declineDraw: socketEvent(gameActionPayload, (s, p) => games.declineDraw(s.data.owner, p?.gameId)),
    claimVictory: socketEvent(gameActionPayload, (s, p) => games.claimVictory(s.data.owner, p?.gameId)),
    claimDraw: socketEvent(gameActionPayload, (s, p) => games.claimDraw(s.data.owner, p?.gameId)),
    proposeTakeback: socketEvent(gameActionPayload, (s, p) => games.proposeTakeback(s.data.owner, p?.gameId)),
    acceptTakeback: socketEvent(gameActionPayload, (s, p) => games.acceptTakeback(s.data.owner, p?.gameId)),
    declineTakeback: socketEvent(gameActionPayload, (s, p) => games.declineTakeback(s.data.owner, p?.gameId)),
    // A round command of an arena game (the tournaments protocol documents it).
    berserk: socketEvent(berserkPayload, (s, p) => games.berserk(s.data.owner, p?.gameId)),
    resync: socketEvent(resyncPayload, (s, p) => follow(s, p.gameId)),
    watch: socketEvent(watchPayload, (s, p) => follow(s, p.gameId)),
    currentGame: socketEvent(noPayload, async (s): Promise<Ack<{ gameId: string | null } & LiveGames>> => {
      const live = await liveGamesOf(games, s.data.owner);
      return { ok: true, data: { gameId: live.games[0]?.gameId ?? null, ...live } };
    }),
    cancelRematchOffer: socketEvent(cancelRematchPayload, (s, p) => rematches.cancel(s.data.owner, p.offerId)),
  };
}

/**
 * The games the owner of a socket is playing now (one at most today). `found` runs once the game is known,
 * before its snapshot is read.
 */
async function liveGamesOf(
  games: GamesService,
  owner: AppSocket["data"]["owner"],
  found: (gameId: string) => Promise<void> | void = () => {},
): Promise<LiveGames> {
  const active = await games.activeGameOf(owner);
  if (active) await found(active);
  const snapshot = active ? await games.snapshot(owner, active) : undefined;
  return { games: snapshot && snapshot.status === "active" ? [liveGameOf(snapshot)] : [] };
}

/**
 * Every new socket of a player follows their live game at once and is told of it (`liveGames`): a reload,
 * another tab or a fresh browser that logs in finds its way back. As in `follow`, the room is joined before
 * the snapshot is read: reading it can take a while (the game's node may have just died), and the game may
 * go on or end meanwhile.
 */
export function followActiveGame(deps: { games: GamesService; logger: FastifyBaseLogger }) {
  return (socket: AppSocket) => {
    liveGamesOf(deps.games, socket.data.owner, (gameId) => socket.join(gameRoom(gameId)))
      .then((live) => socket.emit("liveGames", live))
      .catch((err: unknown) => deps.logger.warn({ err }, "could not look up the player's game"));
  };
}
