import { cancelOfferPayload, createGameOfferPayload, offerIdPayload } from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { handle } from "../../realtime/handlers.ts";
import type { AppSocket } from "../../realtime/io.ts";
import { LOBBY_ROOM, type LobbyService } from "./lobbyService.ts";

export function registerLobbySocket(socket: AppSocket, deps: { lobby: LobbyService; logger: FastifyBaseLogger }) {
  const { lobby, logger } = deps;
  const actor = socket.data.owner;

  handle(socket, logger, "refreshLobby", z.undefined().or(z.object({}).passthrough()), async () => {
    await socket.join(LOBBY_ROOM);
    const update = await lobby.snapshot();
    socket.emit("updateLobby", update);
    return { ok: true, data: update };
  });

  handle(socket, logger, "createGameOffer", createGameOfferPayload, async (p) => {
    const answer = await lobby.create(actor, p);
    if (answer.ok && answer.data) socket.emit("offerCreated", answer.data);
    return answer;
  });

  handle(socket, logger, "acceptGameOffer", offerIdPayload, (p) => lobby.accept(actor, p.offerId));
  handle(socket, logger, "cancelOffer", cancelOfferPayload, (p) => lobby.cancel(actor, p?.offerId));
}
