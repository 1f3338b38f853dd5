import type { Core } from "../../core.ts";
import type { AreaModule } from "../../mount.ts";
import { rooms } from "../../realtime/sockets.ts";
import type { Membership } from "../clubs/index.ts";
import type { Blocks, Challengeable } from "../friends/index.ts";
import type { GamePlay, GameRecords } from "../games/index.ts";
import type { JumpstartPositions } from "../jumpstart/index.ts";
import { challengeSocketEvents } from "./lobbyChallenges.ts";
import { createLobbyService, type LobbyChange, type LobbyService } from "./lobbyService.ts";
import { lobbyBroadcaster, lobbySocketEvents } from "./lobbySocket.ts";
import { MemoryLobbyStore } from "./lobbyStore.ts";
import { RedisLobbyStore } from "./redisLobbyStore.ts";

/** The lobby's open offers as quick pairing takes them. */
export type LobbyOffers = Pick<LobbyService, "list" | "accept">;

const asUserIds = (v: unknown): number[] => (Array.isArray(v) ? v.filter(Number.isInteger) : []);

/** Open offers and friend challenges. Other areas get `offers`; it tells the bus when they change. */
export function lobbyModule(
  core: Core,
  ports: {
    play: Pick<GamePlay, "start" | "activeGameOf">;
    records: Pick<GameRecords, "rating">;
    membership: Membership;
    blocks: Pick<Blocks, "eitherWay">;
    challenges: Challengeable;
    jumpstart: JumpstartPositions;
  },
) {
  const { io, bus, nodeBus, redis, config, logger } = core;
  const lobby = createLobbyService({
    store: redis ? new RedisLobbyStore(redis, config.redisPrefix) : new MemoryLobbyStore(),
    games: ports.play,
    ratings: ports.records,
    limiter: core.limiter,
    broadcast: (change) => {
      showLobby.changed(change);
      nodeBus?.broadcast("lobbyChanged", change);
      bus.publish("offersChanged", {});
    },
    isOnline: (key) => core.presence.isOnline(key),
    isClubMember: (clubId, userId) => ports.membership.isMember(clubId, userId),
    blockedEitherWay: (userId) => ports.blocks.eitherWay(userId),
    jumpstartPosition: (q) => ports.jumpstart.position(q),
    onChallengeRemoved: (o) => {
      io.to(rooms.player(o.owner)).emit("friendChallengeRemoved", o.offer.offerId);
      if (o.privateTo !== undefined) io.to(rooms.user(o.privateTo)).emit("friendChallengeRemoved", o.offer.offerId);
    },
  });
  const showLobby = lobbyBroadcaster(io, lobby, (userId) => ports.blocks.eitherWay(userId));
  nodeBus?.on("lobbyChanged", (change) => showLobby.changed(change as LobbyChange));
  // A block made or lifted changes what both players see at once, on every node.
  bus.subscribe("blocksChanged", (change) => {
    void showLobby.blocksChanged(change.userIds);
    nodeBus?.broadcast("blocksChanged", change);
  });
  nodeBus?.on("blocksChanged", (change) => {
    void showLobby.blocksChanged(asUserIds((change as { userIds?: unknown }).userIds));
  });
  core.presence.onChange((key, online) => lobby.presenceChanged(key, online));
  bus.subscribe("gameStarted", ({ players }) =>
    lobby.playersStarted(players).catch((err: unknown) => logger.warn({ err }, "offers not withdrawn")),
  );
  bus.subscribe("accountClosed", ({ userId }) =>
    lobby.accountClosed(userId).catch((err: unknown) => logger.warn({ err, userId }, "closed account's offers kept")),
  );

  const area: AreaModule = {
    name: "lobby",
    socketEvents: {
      ...lobbySocketEvents({
        lobby,
        clubIdsOf: (userId) => ports.membership.clubIdsOf(userId),
        blockedEitherWay: (userId) => ports.blocks.eitherWay(userId),
      }),
      ...challengeSocketEvents({ lobby, friends: ports.challenges, io }),
    },
    stop() {
      lobby.stop();
      showLobby.stop();
    },
  };
  return { area, offers: lobby as LobbyOffers };
}
