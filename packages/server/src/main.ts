import { randomBytes } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createAdapter } from "@socket.io/redis-streams-adapter";
import {
  createAccountsRepo,
  createAccountsService,
  createRequestAuth,
  identifySocket,
  registerAccountsRoutes,
} from "./areas/accounts/index.ts";
import {
  createAnalysisRepo,
  createAnalysisService,
  EnginePool,
  findEngine,
  registerAnalysisRoutes,
} from "./areas/analysis/index.ts";
import {
  chatSocketEvents,
  createChatRepo,
  createChatService,
  GLOBAL_CHAT_ROOM,
  spectatorChat,
} from "./areas/chat/index.ts";
import {
  clubsBroadcaster,
  clubsSocketEvents,
  createClubsRepo,
  createClubsService,
  registerClubsRoutes,
} from "./areas/clubs/index.ts";
import { computerSocketEvents, createComputerService, isComputerPresenceKey } from "./areas/computer/index.ts";
import {
  createFriendsRepo,
  createFriendsService,
  friendsBroadcaster,
  friendsSocketEvents,
  registerFriendsRoutes,
} from "./areas/friends/index.ts";
import {
  createGamesRepo,
  createGamesService,
  createRematches,
  createRematchStore,
  followActiveGame,
  type GameCall,
  gamesSocketEvents,
  localLeases,
  RENEW_MS,
  redisLeases,
  registerGamesRoutes,
  socketNotifier,
} from "./areas/games/index.ts";
import { createHistoryRepo, registerHistoryRoutes } from "./areas/history/index.ts";
import { createJumpstartRepo, createJumpstartService, registerJumpstartRoutes } from "./areas/jumpstart/index.ts";
import { createLeaderboardsRepo, registerLeaderboardsRoutes } from "./areas/leaderboards/index.ts";
import {
  createLobbyService,
  type LobbyChange,
  lobbyBroadcaster,
  lobbySocketEvents,
  MemoryLobbyStore,
  RedisLobbyStore,
} from "./areas/lobby/index.ts";
import {
  createPairingService,
  lobbyCountsBroadcaster,
  MemoryPoolStore,
  pairingSocketEvents,
  RedisPoolStore,
} from "./areas/pairing/index.ts";
import { createPreferencesRepo, registerPreferencesRoutes } from "./areas/preferences/index.ts";
import {
  createWatchFeed,
  createWatchRepo,
  registerWatchRoutes,
  watchBroadcaster,
  watchSocketEvents,
} from "./areas/watch/index.ts";
import { Bus, type BusEvents } from "./bus.ts";
import type { Config } from "./config.ts";
import { startEngineJobs } from "./engineJobs.ts";
import { createHttpApp } from "./http/app.ts";
import { drainConnections } from "./http/drain.ts";
import { createStopping } from "./http/stopping.ts";
import { createRealtime, rooms } from "./realtime/io.ts";
import { localFirst } from "./realtime/localFirst.ts";
import { NodeBus } from "./realtime/nodeBus.ts";
import { syncPresence } from "./realtime/presenceSync.ts";
import { openDatabase } from "./storage/db.ts";
import { MemoryRateLimiter } from "./storage/rateLimits.ts";
import { connectRedis, RedisRateLimiter } from "./storage/redis.ts";
import { settledWithin } from "./util/settledWithin.ts";

export interface RunningServer {
  /** Base URL, e.g. http://127.0.0.1:3000 */
  url: string;
  port: number;
  /** Graceful stop: refuse new work, finish requests in flight, close sockets and the database. */
  close(): Promise<void>;
}

/** Where the built web app sits relative to this file (source or bundle). */
export function defaultWebDist(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return join(here, "..", "..", "web", "dist");
}

/** A node's sign of life in the database: a killed node's games are charged until its last one. */
const HEARTBEAT_MS = 500;
const notifierRoom = (p: { userId: number | null; sessionId: string }) =>
  p.userId !== null ? rooms.user(p.userId) : rooms.session(p.sessionId);
const SWEEP_MS = 1_000;
/** Moves the computer's engines hold before refusing (retried shortly): two per game of 100 at once. */
const COMPUTER_QUEUE_LIMIT = 200;
/** How long a stopping node's websockets get to finish their close handshake before they are cut. */
const UPGRADED_GRACE_MS = 2_000;
/** A stopping node's last writes to Redis and the database, bounded: it exits within its 10 s whatever they do. */
const HAND_OVER_MS = 3_000;
const LAST_HEARTBEAT_MS = 1_000;
const REDIS_QUIT_MS = 1_000;
/** /health answers within 1 s even when the database stalls (a load balancer's check times out too). */
const HEALTH_DB_MS = 800;

/** The composition root: config → storage → areas → HTTP and realtime. */
export async function startServer(config: Config, opts: { inMemoryDb?: boolean } = {}): Promise<RunningServer> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: opts.inMemoryDb ? undefined : join(config.dataDir, "db"),
    statementTimeoutMs: config.statementTimeoutMs,
    // A node that can store nothing must not go on accepting games: exit, and a restart recovers the
    // database from its log (as when PGlite ran on the main thread and its abort took the process down).
    onLost: (error) => {
      console.error("The embedded database stopped; exiting:", error.message);
      process.exit(1);
    },
  });
  const nodeId = randomBytes(6).toString("hex");
  const bus = new Bus();
  // With Redis, counters are shared by every node; without it they live in this process.
  const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;
  redis?.on("error", () => {
    // ioredis reconnects by itself; commands in the meantime fail fast and are handled where issued.
  });
  const memoryLimiter = new MemoryRateLimiter();
  const limiter = redis ? new RedisRateLimiter(redis, config.redisPrefix, memoryLimiter) : memoryLimiter;

  const accountsRepo = createAccountsRepo(database.db);
  // A closed account is nobody to befriend, invite, message or block.
  const findUser = async (username: string) => {
    const u = await accountsRepo.findUserByName(username);
    return u && u.closedAt === null ? { id: u.id, username: u.username } : undefined;
  };
  const accounts = createAccountsService({
    repo: accountsRepo,
    limiter,
    bus,
    closing: {
      hasLiveGame: async (userId) => (await games.activeGameOf({ userId, sessionId: "" })) !== undefined,
      // The account is closed whatever happens here: a step that fails is logged, and the others still run.
      async closed({ userId, username }) {
        const steps = {
          offers: () => lobby.accountClosed(userId),
          pools: () => pairing.leave({ userId, sessionId: "" }),
          rematches: () => rematches.accountClosed(userId),
          friends: () => friends.accountClosed({ userId, username }),
          clubs: () => clubs.accountClosed(userId),
        };
        const outcomes = await Promise.allSettled(Object.values(steps).map((step) => step()));
        outcomes.forEach((o, i) => {
          if (o.status === "rejected")
            app.log.warn({ err: o.reason, userId, step: Object.keys(steps)[i] }, "closed account not let go");
        });
        leaderboardsRepo.accountClosed();
      },
    },
    signupLimitPerIp: config.signupLimitPerIp,
    guestSessionsPerIp: config.guestSessionsPerIp,
  });
  const auth = createRequestAuth(accounts);

  const app = await createHttpApp(config);
  const realtime = createRealtime(app.server, {
    publicOrigin: config.publicOrigin,
    trustProxy: config.trustProxy,
    connectLimits: config.connectLimits,
    identify: (handshake) => identifySocket(accounts, handshake),
    logger: app.log,
  });
  const { io, presence, seats } = realtime;
  const drain = drainConnections(app.server, { upgradedGraceMs: UPGRADED_GRACE_MS });
  const stopping = createStopping();
  // The adapter blocks on XREAD (5 s), so it gets a connection of its own, without a command timeout.
  // Broadcasts go through the stream; requests awaiting answers (fetchSockets) and the node count over
  // pub/sub channels, named after the site so two sites on one Redis do not count or answer each other.
  const adapterRedis = config.redisUrl ? connectRedis(config.redisUrl, { blocking: true }) : undefined;
  adapterRedis?.on("error", () => {});
  if (adapterRedis) {
    io.adapter(
      localFirst(
        createAdapter(adapterRedis, {
          streamName: `${config.redisPrefix}:socket.io`,
          channelPrefix: `${config.redisPrefix}:socket.io`,
        }),
      ),
    );
  }
  // Nodes talk over Redis pub/sub: presence news, lobby changes, game actions passed to a game's node.
  const nodeBus =
    redis && config.redisUrl
      ? new NodeBus(redis, connectRedis(config.redisUrl), config.redisPrefix, nodeId, (err) =>
          app.log.warn({ err }, "node bus"),
        )
      : undefined;
  await nodeBus?.start();
  const presenceSync = nodeBus ? syncPresence(nodeBus, { presence, seats }) : undefined;
  const userOnline = (userId: number) => presence.isOnline(`u:${userId}`);
  const toUser = rooms.user;

  const gamesRepo = createGamesRepo(database.db);
  const preferencesRepo = createPreferencesRepo(database.db);
  const historyRepo = createHistoryRepo(database.db);
  // Engine work runs in this process, or on the job queue in scaled mode: see engineJobs.ts.
  const engineJobs = await startEngineJobs(config, { db: database.db, logger: app.log });
  const analysis = createAnalysisService({
    repo: createAnalysisRepo(database.db),
    jobs: engineJobs.runner,
    nodes: config.analysisNodes,
    games: {
      async game(gameId) {
        const row = await gamesRepo.game(gameId);
        if (!row) return undefined;
        const moves = await gamesRepo.moves(gameId);
        return { initialFen: row.initialFen, uciMoves: moves.map((m) => m.uci), active: row.status === "active" };
      },
      activeGameOf: (player) => games.activeGameOf(player),
    },
  });

  const jumpstart = createJumpstartService({
    repo: createJumpstartRepo(database.db),
    jobs: engineJobs.runner,
    poolSize: config.jumpstartPoolSize,
    searchMs: config.jumpstartSearchMs,
    logger: app.log,
  });

  const notifier = socketNotifier(io);
  const leaderboardsRepo = createLeaderboardsRepo(database.db);
  const games = createGamesService({
    repo: gamesRepo,
    notifier,
    // A player counts as there while at the board (boards.ts). The computer never connects and never
    // leaves: no "opponent left" countdown in a game against it.
    isOnline: (key) => isComputerPresenceKey(key) || seats.isOnline(key),
    logger: app.log,
    bus,
    leases: redis ? redisLeases(redis, config.redisPrefix, nodeId) : localLeases(nodeId),
    forward: nodeBus ? (node, call) => nodeBus.request(node, "game", call) : undefined,
    isNodeAlive: nodeBus ? (node) => nodeBus.isListening(node) : undefined,
    firstMoveMs: config.firstMoveMs,
    takebackChoice: async (userId) => (await preferencesRepo.choices(userId)).takebacks,
  });
  nodeBus?.on("game", (call) => games.serve(call as GameCall));
  // The computer's moves run on engines of their own, always in this process (where its games are written).
  const computerEngines = new EnginePool(findEngine(config.stockfishPath), {
    size: config.computerEngines,
    niceness: config.engineNiceness,
    queueLimit: COMPUTER_QUEUE_LIMIT,
    logger: app.log,
  });
  const computer = createComputerService({
    games,
    engine: computerEngines,
    logger: app.log,
    limiter,
  });
  const rematches = createRematches({
    repo: gamesRepo,
    games,
    notifier,
    store: createRematchStore(database.db),
    blockedEitherWay: async (a, b) => (await friendsRepo.blocksAmong([a, b])).length > 0,
  });
  const clubsRepo = createClubsRepo(database.db);
  const friendsRepo = createFriendsRepo(database.db);
  const clubs = createClubsService({
    repo: clubsRepo,
    limiter,
    findUser,
    isBlocked: (blocker, blocked) => friendsRepo.isBlocked(blocker, blocked),
    isOnline: userOnline,
    live: clubsBroadcaster(io),
  });
  const lobbyStore = redis ? new RedisLobbyStore(redis, config.redisPrefix) : new MemoryLobbyStore();
  const lobby = createLobbyService({
    store: lobbyStore,
    games,
    gamesRepo,
    limiter,
    broadcast: (change) => {
      showLobby.changed(change);
      nodeBus?.broadcast("lobbyChanged", change);
      // The quick-pairing tiles count the offers of their time control.
      showCounts.poke();
    },
    isOnline: (key) => presence.isOnline(key),
    isClubMember: (clubId, userId) => clubsRepo.isMember(clubId, userId),
    blockedEitherWay: (userId) => friendsRepo.blockedEitherWay(userId),
    jumpstartPosition: (q) => jumpstart.position(q),
    onChallengeRemoved: (o) => {
      io.to(notifierRoom(o.owner)).emit("friendChallengeRemoved", o.offer.offerId);
      if (o.privateTo !== undefined) io.to(toUser(o.privateTo)).emit("friendChallengeRemoved", o.offer.offerId);
    },
  });
  const showLobby = lobbyBroadcaster(io, lobby, (userId) => friendsRepo.blockedEitherWay(userId));
  const pairing = createPairingService({
    store: redis ? new RedisPoolStore(redis, config.redisPrefix, nodeId) : new MemoryPoolStore(),
    games,
    offers: {
      list: async () =>
        (await lobby.list()).map((o) => ({
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
      accept: (player, offerId) => lobby.accept({ ...player, isGuest: player.userId === null }, offerId),
    },
    rating: async (userId, timeClass) => (await gamesRepo.rating(userId, "standard", timeClass)).elo,
    blocksAmong: (userIds) => friendsRepo.blocksAmong(userIds),
    isOnline: (key) => presence.isOnline(key),
    onlineCount: () => presence.onlineCount(),
    liveGames: () => gamesRepo.liveCounts(),
    limiter,
    notify: (player, membership) => io.to(notifierRoom(player)).emit("poolChanged", membership),
    changed: () => showCounts.poke(),
    logger: app.log,
  });
  const showCounts = lobbyCountsBroadcaster(io, () => pairing.counts());
  nodeBus?.on("lobbyChanged", (change) => showLobby.changed(change as LobbyChange));
  bus.subscribe("blocksChanged", (change) => {
    void showLobby.blocksChanged(change.userIds);
    nodeBus?.broadcast("blocksChanged", change);
  });
  nodeBus?.on("blocksChanged", (change) => {
    const { userIds } = change as BusEvents["blocksChanged"];
    if (Array.isArray(userIds)) void showLobby.blocksChanged(userIds.filter(Number.isInteger));
  });
  const friends = createFriendsService({
    repo: friendsRepo,
    limiter,
    findUser,
    isOnline: userOnline,
    notify: friendsBroadcaster(io),
    bus,
    createChallenge: (actor, payload, friendId) => lobby.create({ ...actor, isGuest: false }, payload, friendId),
  });
  const toSpectators = spectatorChat(io, { blockersOf: (userId) => friendsRepo.blockersOf(userId) });
  const chat = createChatService({
    repo: createChatRepo(database.db),
    limiter,
    isPlayer: (actor, gameId) => games.isPlayer(actor, gameId),
    gameExists: async (gameId) => (await gamesRepo.game(gameId)) !== undefined,
    blockedNames: async (userId) => (await friendsRepo.blockedBy(userId)).map((b) => b.username),
    isClubMember: (clubId, userId) => clubsRepo.isMember(clubId, userId),
    deliver: (m, sender) => {
      if (m.chatType === "global") {
        io.to(GLOBAL_CHAT_ROOM).emit("chatMessage", m);
        return;
      }
      if (m.chatType === "club") {
        io.to(m.chatId).emit("chatMessage", m);
        return;
      }
      // Players get a game's chat in their own rooms; spectators who read it, in its spectators' room
      // (the game room also holds spectators who did not open the chat).
      void games.playersOf(m.chatId).then((players) => {
        for (const p of players) notifier.toPlayer(p, "chatMessage", m);
      });
      toSpectators(m, sender).catch((err: unknown) => app.log.warn({ err }, "game chat not sent to spectators"));
    },
  });
  const watchFeed = createWatchFeed({ repo: createWatchRepo(database.db), bus });
  const showWatchLists = watchBroadcaster(io, watchFeed, app.log);

  // 503 only when this node cannot reach its database (take it out of rotation). Redis away is
  // "degraded": games on this node go on, so every node failing its check at once would be worse.
  app.get("/health", async (_req, reply) => {
    if (!(await database.ping(HEALTH_DB_MS))) {
      return reply.status(503).send({ status: "unavailable", database: database.kind });
    }
    const orNull = async <T>(p: Promise<T>) => (await settledWithin(p, 1_000)) ?? null;
    const redisStatus = redis ? redis.status : "unused";
    return {
      status: redisStatus === "unused" || redisStatus === "ready" ? "ok" : "degraded",
      database: database.kind,
      redis: redisStatus,
      nodes: await orNull(io.of("/").adapter.serverCount()),
      liveGames: games.liveCount(),
      computer: {
        ...computer.stats(),
        queued: computerEngines.queued,
        searches: computerEngines.searches,
        hurried: computerEngines.hurried,
      },
      ...(await orNull(engineJobs.health())),
      jumpstartStock: await orNull(jumpstart.stock()),
      uptimeSeconds: Math.round(process.uptime()),
    };
  });
  registerAccountsRoutes(app, { service: accounts, auth, secureCookies: config.secureCookies });
  registerPreferencesRoutes(app, { repo: preferencesRepo, auth });
  registerAnalysisRoutes(app, { analysis, auth, limiter, stopping });
  registerClubsRoutes(app, { clubs, auth });
  registerHistoryRoutes(app, {
    repo: historyRepo,
    siteUrl: (host) => config.publicOrigin ?? `http://${host ?? `localhost:${config.port}`}`,
  });
  registerLeaderboardsRoutes(app, {
    repo: leaderboardsRepo,
    auth,
    isClubMember: (clubId, userId) => clubsRepo.isMember(clubId, userId),
  });
  registerFriendsRoutes(app, { friends, auth });
  registerJumpstartRoutes(app, { jumpstart, limiter, stopping });
  registerWatchRoutes(app, { feed: watchFeed });
  registerGamesRoutes(app, {
    repo: gamesRepo,
    rematches,
    identify: async (req, bodySessionId) => (await auth.identify(req)) ?? accounts.resolve(bodySessionId),
  });

  realtime.addEvents(
    lobbySocketEvents({
      lobby,
      clubIdsOf: (userId) => clubsRepo.clubIdsOf(userId),
      blockedEitherWay: (userId) => friendsRepo.blockedEitherWay(userId),
    }),
  );
  realtime.addEvents(
    friendsSocketEvents({
      friends,
      denyChallenge: (userId, offerId) => lobby.deny({ sessionId: "", userId }, offerId),
    }),
  );
  realtime.addEvents(gamesSocketEvents({ games, rematches }));
  realtime.addEvents(computerSocketEvents({ computer }));
  realtime.addEvents(chatSocketEvents({ chat }));
  realtime.addEvents(clubsSocketEvents({ clubs }));
  realtime.addEvents(watchSocketEvents({ feed: watchFeed }));
  realtime.addEvents(pairingSocketEvents({ pairing }));
  realtime.onConnection(followActiveGame({ games, logger: app.log }));
  seats.onChange((key, online, departure) => games.presenceChanged(key, online, departure));
  presence.onChange((key, online) => {
    lobby.presenceChanged(key, online);
    showCounts.poke();
  });
  bus.subscribe("sessionEnded", ({ sessionId }) => realtime.disconnectSession(sessionId));
  bus.subscribe("gameStarted", ({ players }) => {
    lobby.playersStarted(players).catch((err: unknown) => app.log.warn({ err }, "offers not withdrawn"));
    pairing.playersStarted(players).catch((err: unknown) => app.log.warn({ err }, "pools not left"));
    showCounts.poke();
  });
  bus.subscribe("gameFinished", ({ gameId, ratingsChanged, variant, timeClass }) => {
    showCounts.poke();
    if (ratingsChanged) leaderboardsRepo.ratingsChanged(variant, timeClass);
    computer.finished(gameId);
  });
  bus.subscribe("gameMoved", (move) => computer.moved(move));
  bus.subscribe("gameAdopted", (game) => computer.adopted(game));
  bus.subscribe("guestSignedIn", ({ guestSessionId, userId, username }) => {
    historyRepo
      .adoptGuestGames(guestSessionId, userId, username)
      .catch((err: unknown) => app.log.warn({ err }, "guest games not adopted"));
  });

  const recovered = await games.recover();
  if (recovered > 0) app.log.info({ recovered }, "resumed live games");
  const computerGames = computer.resume();
  if (computerGames > 0) app.log.info({ computerGames }, "the computer resumed its games");
  jumpstart.refill();
  pairing.start();
  app.log.info(
    {
      jobs: engineJobs.runner.where,
      engine: engineJobs.engines?.command.kind,
      workers: engineJobs.engines?.size ?? 0,
      nodes: config.analysisNodes,
    },
    "analysis engine",
  );
  await gamesRepo.heartbeat(nodeId, new Date());

  const intervals = [
    setInterval(() => games.sweep(), SWEEP_MS),
    setInterval(() => {
      games.maintainLeases().catch((err: unknown) => app.log.warn({ err }, "game leases not renewed"));
    }, RENEW_MS),
    setInterval(() => {
      gamesRepo.heartbeat(nodeId, new Date()).catch((err: unknown) => app.log.warn({ err }, "heartbeat failed"));
    }, HEARTBEAT_MS),
    setInterval(() => {
      rematches.sweep().catch((err: unknown) => app.log.warn({ err }, "rematch offer sweep failed"));
    }, 60_000),
    setInterval(() => {
      accounts.sweepStaleSessions().catch((err: unknown) => app.log.warn({ err }, "session sweep failed"));
    }, 3_600_000),
  ];
  for (const i of intervals) i.unref();

  await app.listen({ port: config.port, host: config.host });
  if (config.enginesAtStart) {
    void (async () => {
      await computerEngines.warm();
      await engineJobs.engines?.warm();
    })();
  }
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    close() {
      closing ??= (async () => {
        for (const i of intervals) clearInterval(i);
        games.stop();
        computer.stop();
        presenceSync?.stop();
        jumpstart.stop();
        lobby.stop();
        showLobby.stop();
        showWatchLists.stop();
        pairing.stop();
        showCounts.stop();
        // Answered before the drain: each answer then says `Connection: close`, and nothing waits minutes.
        stopping.stop();
        drain.start();
        realtime.close();
        await app.close();
        // Sockets and requests are done: the games go to whichever node their players reach next. Each step
        // that needs Redis or the database is bounded, so that a node cut off from them still exits in time:
        // the leases it could not hand back lapse, and another node takes their games over.
        const handOver = games.release().then(
          () => true,
          (err: unknown) => {
            app.log.warn({ err }, "games not handed over");
            return true;
          },
        );
        const [handedOver] = await Promise.all([
          settledWithin(handOver, HAND_OVER_MS),
          engineJobs.close(),
          computerEngines.close(),
          settledWithin(gamesRepo.heartbeat(nodeId, new Date()), LAST_HEARTBEAT_MS),
        ]);
        if (!handedOver) app.log.warn(`games not handed over within ${HAND_OVER_MS} ms; their leases will lapse`);
        memoryLimiter.close();
        nodeBus?.close();
        const closeRedis = async () => {
          if (redis && (await settledWithin(redis.quit(), REDIS_QUIT_MS)) === undefined) redis.disconnect();
          // Last: its commands queue behind a blocking XREAD, so it is cut rather than asked to quit.
          adapterRedis?.disconnect();
        };
        await Promise.all([closeRedis(), database.close()]);
      })();
      return closing;
    },
  };
}
