import type { Core } from "../../core.ts";
import type { AreaModule } from "../../mount.ts";
import { rooms } from "../../realtime/sockets.ts";
import type { Blocks } from "../friends/index.ts";
import type { GamePlay, GameRecords } from "../games/index.ts";
import type { LobbyOffers } from "../lobby/index.ts";
import { createPairingService } from "./pairingService.ts";
import { lobbyCountsBroadcaster, pairingSocketEvents } from "./pairingSocket.ts";
import { MemoryPoolStore } from "./pairingStore.ts";
import { RedisPoolStore } from "./redisPoolStore.ts";

/** Quick pairing: the preset pools, their waves, and the counts the lobby's tiles show. */
export function pairingModule(
  core: Core,
  ports: {
    play: Pick<GamePlay, "start" | "activeGameOf">;
    records: Pick<GameRecords, "rating" | "liveCounts">;
    offers: LobbyOffers;
    blocks: Pick<Blocks, "among">;
  },
) {
  const { io, bus, redis, config, nodeId, presence, logger } = core;
  const pairing = createPairingService({
    store: redis ? new RedisPoolStore(redis, config.redisPrefix, nodeId) : new MemoryPoolStore(),
    games: ports.play,
    offers: {
      list: async () =>
        (await ports.offers.list()).map((o) => ({
          offerId: o.offer.offerId,
          ownerKey: o.ownerKey,
          ownerUserId: o.owner.userId,
          variant: o.offer.variant,
          baseTime: o.offer.baseTime,
          increment: o.offer.increment,
          clubId: o.offer.clubId,
          ...(o.privateTo !== undefined ? { privateTo: o.privateTo } : {}),
          createdAt: o.offer.createdAt,
        })),
      accept: (player, offerId) => ports.offers.accept({ ...player, isGuest: player.userId === null }, offerId),
    },
    rating: async (userId, timeClass) => (await ports.records.rating(userId, "standard", timeClass)).elo,
    blocksAmong: (userIds) => ports.blocks.among(userIds),
    isOnline: (key) => presence.isOnline(key),
    onlineCount: () => presence.onlineCount(),
    liveGames: () => ports.records.liveCounts(),
    limiter: core.limiter,
    notify: (player, membership) => io.to(rooms.player(player)).emit("poolChanged", membership),
    changed: () => showCounts.poke(),
    logger,
  });
  const showCounts = lobbyCountsBroadcaster(io, () => pairing.counts());
  // The tiles count waiting players, open offers of their time control, people online and games on.
  bus.subscribe("offersChanged", () => showCounts.poke());
  presence.onChange(() => showCounts.poke());
  bus.subscribe("gameStarted", ({ players }) => {
    pairing.playersStarted(players).catch((err: unknown) => logger.warn({ err }, "pools not left"));
    showCounts.poke();
  });
  bus.subscribe("gameFinished", () => showCounts.poke());
  bus.subscribe("accountClosed", ({ userId }) =>
    pairing
      .leave({ userId, sessionId: "" })
      .catch((err: unknown) => logger.warn({ err, userId }, "closed account left in a pool")),
  );

  const area: AreaModule = {
    name: "pairing",
    socketEvents: pairingSocketEvents({ pairing }),
    recover: () => pairing.start(),
    stop() {
      pairing.stop();
      showCounts.stop();
    },
  };
  return { area };
}
