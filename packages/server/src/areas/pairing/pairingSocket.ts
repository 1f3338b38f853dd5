import {
  joinPoolPayload,
  LOBBY_COUNTS_EVERY_MS,
  type LobbyCounts,
  leavePoolPayload,
  lobbyCountsPayload,
} from "@chess/shared";
import { type SocketEvents, socketEvent } from "../../realtime/handlers.ts";
import type { AppServer, AppSocket } from "../../realtime/sockets.ts";
import type { PairingService } from "./pairingService.ts";

/** The room of sockets that follow the lobby's counts. */
export const LOBBY_COUNTS_ROOM = "lobbyCounts";
/** Counts that change without anyone here noticing (games ending, other nodes' pools) are looked at this often. */
const COUNTS_TICK_MS = 2_000;

/** The pool and lobby-count events. */
export function pairingSocketEvents(deps: { pairing: PairingService }): SocketEvents {
  const { pairing } = deps;
  // Only sockets that joined a pool get a listener: their close takes their player out of it.
  const watched = new WeakSet<AppSocket>();
  const leaveOnClose = (s: AppSocket) => {
    if (watched.has(s)) return;
    watched.add(s);
    s.once("disconnect", () => {
      void pairing.socketClosed(s.data.owner, s.id).catch(() => {
        // The store is away: the next wave drops whoever is offline.
      });
    });
  };
  return {
    joinPool: socketEvent(joinPoolPayload, (s, p) => {
      leaveOnClose(s);
      return pairing.join(s.data.owner, p, s.id);
    }),
    leavePool: socketEvent(leavePoolPayload, (s, p) => pairing.leave(s.data.owner, p?.poolId)),
    watchLobbyCounts: socketEvent(lobbyCountsPayload, async (s) => {
      await s.join(LOBBY_COUNTS_ROOM);
      const [counts, myPool] = await Promise.all([pairing.counts(), pairing.membership(s.data.owner)]);
      return { ok: true, data: { ...counts, myPool } };
    }),
    unwatchLobbyCounts: socketEvent(lobbyCountsPayload, async (s) => {
      await s.leave(LOBBY_COUNTS_ROOM);
      return { ok: true };
    }),
  };
}

/**
 * Sends this node's count watchers `lobbyCounts` when the counts change: at most once per
 * LOBBY_COUNTS_EVERY_MS however often they are poked, computed once per send whatever the number of
 * watchers, and not at all while nobody here watches. Each node sends to its own sockets.
 */
export function lobbyCountsBroadcaster(io: AppServer, counts: () => Promise<LobbyCounts>) {
  let last = "";
  let lastAt = 0;
  let due: NodeJS.Timeout | undefined;
  const watchers = () => io.of("/").adapter.rooms.get(LOBBY_COUNTS_ROOM)?.size ?? 0;
  const send = async () => {
    due = undefined;
    if (watchers() === 0) {
      last = "";
      return;
    }
    lastAt = Date.now();
    const now = await counts();
    const json = JSON.stringify(now);
    if (json === last) return;
    last = json;
    io.local.to(LOBBY_COUNTS_ROOM).emit("lobbyCounts", now);
  };
  const poke = () => {
    if (due) return;
    due = setTimeout(
      () => {
        send().catch(() => {
          // Storage away: the next tick tries again.
        });
      },
      Math.max(0, lastAt + LOBBY_COUNTS_EVERY_MS - Date.now()),
    );
    due.unref();
  };
  const tick = setInterval(poke, COUNTS_TICK_MS);
  tick.unref();
  return {
    poke,
    stop() {
      clearInterval(tick);
      clearTimeout(due);
    },
  };
}
