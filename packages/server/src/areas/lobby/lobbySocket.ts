import { cancelOfferPayload, createGameOfferPayload, offerIdPayload } from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { handle } from "../../realtime/handlers.ts";
import type { AppServer, AppSocket } from "../../realtime/io.ts";
import { presenceKey } from "../../realtime/presence.ts";
import { LOBBY_ROOM, type LobbyService } from "./lobbyService.ts";
import { type StoredOffer, visibleTo } from "./lobbyStore.ts";

export function registerLobbySocket(
  socket: AppSocket,
  deps: { lobby: LobbyService; logger: FastifyBaseLogger; clubIdsOf: (userId: number) => Promise<number[]> },
) {
  const { lobby, logger } = deps;
  const actor = socket.data.owner;
  const viewer = () => ({ key: presenceKey(actor), userId: actor.userId, clubIds: socket.data.clubIds ?? [] });

  handle(socket, logger, "refreshLobby", z.undefined().or(z.object({}).passthrough()), async () => {
    // Club memberships decide which club offers this socket sees; read once per refresh.
    socket.data.clubIds = actor.userId !== null ? await deps.clubIdsOf(actor.userId) : [];
    await socket.join(LOBBY_ROOM);
    const update = await lobby.snapshot(viewer());
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

/**
 * Sends each socket of this node watching the lobby the offers it may see (club offers to members only).
 * Other nodes are told the lobby changed and send their own watchers the same way.
 */
export function lobbyBroadcaster(io: AppServer) {
  return (offers: StoredOffer[]) => {
    void io.local
      .in(LOBBY_ROOM)
      .fetchSockets()
      .then((sockets) => {
        for (const s of sockets) {
          const viewer = { key: presenceKey(s.data.owner), userId: s.data.owner.userId, clubIds: s.data.clubIds ?? [] };
          const visible = offers
            .filter((o) => o.privateTo === undefined && visibleTo(o, viewer))
            .map((o) => o.offer)
            .sort((a, b) => b.createdAt - a.createdAt);
          s.emit("updateLobby", { roomUid: LOBBY_ROOM, offers: visible });
        }
      });
  };
}
