import { cancelOfferPayload, createGameOfferPayload, offerIdPayload } from "@chess/shared";
import { type SocketEvents, socketEvent } from "../../realtime/handlers.ts";
import type { AppServer, SocketData } from "../../realtime/io.ts";
import { noPayload } from "../../realtime/payloads.ts";
import { presenceKey } from "../../realtime/presence.ts";
import { LOBBY_ROOM, type LobbyService } from "./lobbyService.ts";
import { type StoredOffer, visibleTo } from "./lobbyStore.ts";

/** Who is looking at the lobby from this socket: club offers are shown to members only. */
function viewerOf(socket: { data: SocketData }) {
  const { owner, clubIds } = socket.data;
  return { key: presenceKey(owner), userId: owner.userId, clubIds: clubIds ?? [] };
}

export function lobbySocketEvents(deps: {
  lobby: LobbyService;
  clubIdsOf: (userId: number) => Promise<number[]>;
}): SocketEvents {
  const { lobby } = deps;
  return {
    refreshLobby: socketEvent(noPayload, async (s) => {
      // Club memberships decide which club offers this socket sees; read once per refresh.
      const { userId } = s.data.owner;
      s.data.clubIds = userId !== null ? await deps.clubIdsOf(userId) : [];
      await s.join(LOBBY_ROOM);
      const update = await lobby.snapshot(viewerOf(s));
      s.emit("updateLobby", update);
      return { ok: true, data: update };
    }),
    createGameOffer: socketEvent(createGameOfferPayload, async (s, p) => {
      const answer = await lobby.create(s.data.owner, p);
      if (answer.ok && answer.data) s.emit("offerCreated", answer.data);
      return answer;
    }),
    acceptGameOffer: socketEvent(offerIdPayload, (s, p) => lobby.accept(s.data.owner, p.offerId)),
    cancelOffer: socketEvent(cancelOfferPayload, (s, p) => lobby.cancel(s.data.owner, p?.offerId)),
  };
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
          const viewer = viewerOf(s);
          const visible = offers
            .filter((o) => o.privateTo === undefined && visibleTo(o, viewer))
            .map((o) => o.offer)
            .sort((a, b) => b.createdAt - a.createdAt);
          s.emit("updateLobby", { roomUid: LOBBY_ROOM, offers: visible });
        }
      });
  };
}
