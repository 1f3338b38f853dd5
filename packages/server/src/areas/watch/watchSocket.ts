import {
  followWatchListPayload,
  noPayload,
  VARIANTS,
  type Variant,
  WATCH_PAGE_SIZE,
  type WatchList,
  watchRoom,
} from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import { type SocketEvents, socketEvent } from "../../realtime/handlers.ts";
import type { AppServer, AppSocket } from "../../realtime/sockets.ts";
import type { WatchFeed } from "./watchFeed.ts";

/** How often this node looks whether the lists its watchers follow changed (a move, a clock started). */
export const WATCH_PUSH_MS = 3_000;
/** A game that started or ended here is shown this soon (changes in a burst go out together). */
const WATCH_SOON_MS = 250;

const ROOMS = [undefined, ...VARIANTS].map((variant) => ({ variant, room: watchRoom(variant) }));
const isWatchRoom = (room: string) => ROOMS.some((r) => r.room === room);

async function leaveWatchRooms(socket: AppSocket): Promise<void> {
  for (const room of [...socket.rooms]) if (isWatchRoom(room)) await socket.leave(room);
}

/** followWatchList / unfollowWatchList: the Watch list, live. */
export function watchSocketEvents(deps: { feed: WatchFeed }): SocketEvents {
  const { feed } = deps;
  return {
    followWatchList: socketEvent(followWatchListPayload, async (s, p) => {
      await leaveWatchRooms(s);
      await s.join(watchRoom(p?.variant));
      return { ok: true, data: await feed.page({ variant: p?.variant, limit: WATCH_PAGE_SIZE }) };
    }),
    unfollowWatchList: socketEvent(noPayload, async (s) => {
      await leaveWatchRooms(s);
      return { ok: true };
    }),
  };
}

/**
 * What a follower sees change: the games, their positions and last moves, and the paging (clocks follow from
 * the moves). Not the ply alone: moves taken back and played again between two refreshes end at the same one.
 */
export const watchListSignature = (list: WatchList) =>
  `${list.games.map((g) => `${g.gameId}:${g.ply}:${g.fen}:${g.lastMove ?? ""}:${g.clockRunning ? 1 : 0}`).join(",")}|${list.nextCursor ?? ""}`;

/**
 * Sends this node's followers of each list its first page again when it changed. Every node reads the
 * database on its own, so a list is the same on every node; each page is built once per node and sent as
 * one broadcast, whatever the number of followers.
 */
export function watchBroadcaster(io: AppServer, feed: WatchFeed, logger: FastifyBaseLogger) {
  const sent = new Map<string, string>();
  let running: Promise<void> | undefined;
  let again = false;
  let soon: NodeJS.Timeout | undefined;

  async function pushAll(): Promise<void> {
    const local = io.of("/").adapter.rooms;
    for (const { variant, room } of ROOMS) {
      if (!local.get(room)?.size) {
        sent.delete(room);
        continue;
      }
      const list = await feed.page({ variant: variant as Variant | undefined, limit: WATCH_PAGE_SIZE });
      const signature = watchListSignature(list);
      if (sent.get(room) === signature) continue;
      sent.set(room, signature);
      io.local.to(room).emit("watchList", list);
    }
  }

  function tick(): void {
    if (running) {
      again = true;
      return;
    }
    running = pushAll()
      .catch((err: unknown) => logger.warn({ err }, "watch lists not sent"))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          tick();
        }
      });
  }

  const timer = setInterval(tick, WATCH_PUSH_MS);
  timer.unref();
  const off = feed.onChange(() => {
    if (soon) return;
    soon = setTimeout(() => {
      soon = undefined;
      tick();
    }, WATCH_SOON_MS);
    soon.unref();
  });
  return {
    stop() {
      clearInterval(timer);
      clearTimeout(soon);
      off();
    },
  };
}
