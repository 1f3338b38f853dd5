import {
  actorKey,
  cancelOfferPayload,
  createGameOfferPayload,
  LOBBY_CHANGES_EVERY_MS,
  LOBBY_LIST_EVERY_MS,
  offerIdPayload,
  refreshLobbyPayload,
} from "@chess/shared";
import { type SocketEvents, socketEvent } from "../../realtime/handlers.ts";
import type { AppServer, SocketData } from "../../realtime/sockets.ts";
import { LOBBY_ROOM, type LobbyChange, type LobbyService } from "./lobbyService.ts";
import { type LobbyViewer, offersShownTo, type StoredOffer, visibleTo } from "./lobbyStore.ts";

/** Who is looking at the lobby from this socket: club offers are shown to members only, none blocked either way. */
function viewerOf(socket: { data: SocketData }): LobbyViewer {
  const { owner, clubIds, blockedEitherWay } = socket.data;
  return { key: actorKey(owner), userId: owner.userId, clubIds: clubIds ?? [], blockedEitherWay };
}

export function lobbySocketEvents(deps: {
  lobby: LobbyService;
  clubIdsOf: (userId: number) => Promise<number[]>;
  blockedEitherWay: (userId: number) => Promise<number[]>;
}): SocketEvents {
  const { lobby } = deps;
  return {
    refreshLobby: socketEvent(refreshLobbyPayload, async (s, p) => {
      // Club memberships and blocks decide which offers this socket sees; read once per refresh.
      const { userId } = s.data.owner;
      [s.data.clubIds, s.data.blockedEitherWay] =
        userId !== null ? await Promise.all([deps.clubIdsOf(userId), deps.blockedEitherWay(userId)]) : [[], []];
      s.data.lobbyChanges = p?.changes === true;
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
 * Tells this node's lobby watchers what changed (other nodes are told over the bus and do the same). A
 * watcher that asked for changes gets `lobbyChanged` with just the offers it may see; one that did not (a
 * client of the spec alone) gets the whole list, at most every LOBBY_LIST_EVERY_MS, so a flood of offers
 * costs each watcher one list per interval, not one per offer.
 */
export function lobbyBroadcaster(
  io: AppServer,
  lobby: Pick<LobbyService, "list">,
  blockedEitherWay: (userId: number) => Promise<number[]>,
) {
  let listDue: NodeJS.Timeout | undefined;
  const sendLists = () => {
    listDue = undefined;
    void io.local
      .in(LOBBY_ROOM)
      .fetchSockets()
      .then(async (sockets) => {
        const listing = sockets.filter((s) => !s.data.lobbyChanges);
        if (listing.length === 0) return;
        const all = await lobby.list();
        for (const s of listing)
          s.emit("updateLobby", { roomUid: LOBBY_ROOM, offers: offersShownTo(all, viewerOf(s)) });
      })
      .catch(() => {
        // The store is away: the next change, or the watcher's own refresh, sends the list.
      });
  };
  const shown = (list: StoredOffer[], s: { data: SocketData }) => {
    const viewer = viewerOf(s);
    return list.filter((o) => o.privateTo === undefined && visibleTo(o, viewer));
  };
  // Changes not yet sent, by offer id.
  const pendingAdded = new Map<string, StoredOffer>();
  const pendingRemoved = new Map<string, StoredOffer>();
  let changesDue: NodeJS.Timeout | undefined;
  const sendChanges = () => {
    changesDue = undefined;
    const change: LobbyChange = { added: [...pendingAdded.values()], removed: [...pendingRemoved.values()] };
    pendingAdded.clear();
    pendingRemoved.clear();
    if (change.added.length === 0 && change.removed.length === 0) return;
    void io.local
      .in(LOBBY_ROOM)
      .fetchSockets()
      .then((sockets) => {
        let listsWanted = false;
        for (const s of sockets) {
          if (!s.data.lobbyChanges) {
            listsWanted = true;
            continue;
          }
          const added = shown(change.added, s)
            .map((o) => o.offer)
            .sort((a, b) => b.createdAt - a.createdAt);
          const removed = shown(change.removed, s).map((o) => o.offer.offerId);
          if (added.length > 0 || removed.length > 0) s.emit("lobbyChanged", { roomUid: LOBBY_ROOM, added, removed });
        }
        if (listsWanted && !listDue) {
          listDue = setTimeout(sendLists, LOBBY_LIST_EVERY_MS);
          listDue.unref();
        }
      })
      .catch(() => {
        // This node's sockets could not be read (closing): the watchers' next refresh sends the list.
      });
  };
  return {
    changed(change: LobbyChange) {
      for (const o of change.added) pendingAdded.set(o.offer.offerId, o);
      // An offer made and gone within one gathering is sent as removed only: its creator (and a list) knew it.
      for (const o of change.removed) {
        pendingAdded.delete(o.offer.offerId);
        pendingRemoved.set(o.offer.offerId, o);
      }
      if (!changesDue) {
        changesDue = setTimeout(sendChanges, LOBBY_CHANGES_EVERY_MS);
        changesDue.unref();
      }
    },
    /**
     * A block between these accounts was made or lifted: their watchers on this node read their blocks again
     * and get the list as it now is for them (an offer of a player they just blocked goes at once).
     */
    async blocksChanged(userIds: number[]) {
      const ns = io.of("/");
      const watching = [...(ns.adapter.rooms.get(LOBBY_ROOM) ?? [])].flatMap((id) => {
        const s = ns.sockets.get(id);
        const userId = s?.data.owner.userId;
        return s && userId != null && userIds.includes(userId) ? [{ s, userId }] : [];
      });
      if (watching.length === 0) return;
      try {
        const ids = [...new Set(watching.map((w) => w.userId))];
        const blocks = new Map(await Promise.all(ids.map(async (id) => [id, await blockedEitherWay(id)] as const)));
        // The list is read last and sent at once: a change sent as a delta meanwhile is not undone by an older list.
        const all = await lobby.list();
        for (const { s, userId } of watching) {
          s.data.blockedEitherWay = blocks.get(userId);
          s.emit("updateLobby", { roomUid: LOBBY_ROOM, offers: offersShownTo(all, viewerOf(s)) });
        }
      } catch {
        // The store or the database is away: the watchers' next refresh reads the blocks again.
      }
    },
    stop() {
      clearTimeout(listDue);
      clearTimeout(changesDue);
    },
  };
}

export type LobbyBroadcaster = ReturnType<typeof lobbyBroadcaster>;
