import { cancelRematchPayload, gameActionPayload, movePayload, resyncPayload, watchPayload } from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { handle } from "../../realtime/handlers.ts";
import type { AppSocket } from "../../realtime/io.ts";
import { gameRoom } from "./gamesNotifier.ts";
import type { GamesService } from "./gamesService.ts";
import type { Rematches } from "./rematches.ts";

/** The live-game events of one socket (SPEC §7), each validated and answered with an ack. */
export function registerGamesSocket(
  socket: AppSocket,
  deps: { games: GamesService; rematches: Rematches; logger: FastifyBaseLogger },
) {
  const { games, rematches, logger } = deps;
  const actor = socket.data.owner;

  // A reconnecting player follows their game again at once.
  games
    .activeGameOf(actor)
    .then((active) => (active ? socket.join(gameRoom(active)) : undefined))
    .catch((err: unknown) => logger.warn({ err }, "could not look up the player's game"));

  handle(socket, logger, "move", movePayload, (p) => games.move(actor, p));
  handle(socket, logger, "forfeit", gameActionPayload, (p) => games.resign(actor, p?.gameId));
  handle(socket, logger, "abort", gameActionPayload, (p) => games.abort(actor, p?.gameId));
  handle(socket, logger, "offerDraw", gameActionPayload, (p) => games.offerDraw(actor, p?.gameId));
  handle(socket, logger, "acceptDraw", gameActionPayload, (p) => games.acceptDraw(actor, p?.gameId));
  handle(socket, logger, "declineDraw", gameActionPayload, (p) => games.declineDraw(actor, p?.gameId));
  handle(socket, logger, "claimVictory", gameActionPayload, (p) => games.claimVictory(actor, p?.gameId));

  const follow = async (gameId: string) => {
    const snapshot = await games.snapshot(actor, gameId);
    if (!snapshot) return { ok: false as const, code: "not_found", message: "Game not found" };
    await socket.join(gameRoom(gameId));
    return { ok: true as const, data: snapshot };
  };
  handle(socket, logger, "resync", resyncPayload, (p) => follow(p.gameId));
  handle(socket, logger, "watch", watchPayload, (p) => follow(p.gameId));

  handle(socket, logger, "currentGame", z.undefined().or(z.object({}).passthrough()), async () => ({
    ok: true,
    data: { gameId: (await games.activeGameOf(actor)) ?? null },
  }));

  handle(socket, logger, "cancelRematchOffer", cancelRematchPayload, (p) => rematches.cancel(actor, p.offerId));
}
