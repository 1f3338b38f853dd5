import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { createAdapter } from "@socket.io/redis-streams-adapter";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import { Bus } from "./bus.ts";
import type { Config } from "./config.ts";
import { createHttpApp } from "./http/app.ts";
import { drainConnections } from "./http/drain.ts";
import { createStopping, type Stopping } from "./http/stopping.ts";
import { createRealtime, type Realtime } from "./realtime/io.ts";
import { localFirst } from "./realtime/localFirst.ts";
import { NodeBus } from "./realtime/nodeBus.ts";
import type { Presence } from "./realtime/presence.ts";
import { syncPresence } from "./realtime/presenceSync.ts";
import type { AppServer } from "./realtime/sockets.ts";
import { type Database, type Db, openDatabase } from "./storage/db.ts";
import { type Leases, redisLeases, soloLeases } from "./storage/leases.ts";
import { MemoryRateLimiter, type RateLimiter } from "./storage/rateLimits.ts";
import { connectRedis, RedisRateLimiter } from "./storage/redis.ts";
import { settledWithin } from "./util/settledWithin.ts";

/** What every area is handed: the node's shared parts, opened once, closed by `closeCore` in reverse. */
export interface Core {
  config: Config;
  database: Database;
  db: Db;
  /** Shared live state; undefined in the embedded mode, where it lives in this process. */
  redis: Redis | undefined;
  /** Events between the areas of this node. */
  bus: Bus;
  /** Messages between nodes (Redis pub/sub); undefined with one node. */
  nodeBus: NodeBus | undefined;
  io: AppServer;
  realtime: Realtime;
  /** Who is connected (every node's, with Redis). */
  presence: Presence;
  /** Who is at their game's board. */
  seats: Presence;
  limiter: RateLimiter;
  /** Jobs one node at a time does (the daily sweeper, each arena's director). */
  leases: Leases;
  app: FastifyInstance;
  logger: FastifyBaseLogger;
  nodeId: string;
  /** The node's stop as long requests see it. */
  stopping: Stopping;
  /** The time (epoch ms) for areas whose rules run over days (daily games): the system clock + CLOCK_OFFSET_MS. */
  now: () => number;
}

/** How a stopping node's websockets get to finish their close handshake before they are cut. */
const UPGRADED_GRACE_MS = 2_000;
const REDIS_QUIT_MS = 1_000;

/** Opens storage, Redis, the HTTP app and Socket.IO: everything an area needs before it is made. */
export async function openCore(config: Config, opts: { inMemoryDb?: boolean } = {}) {
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
  // With Redis, counters are shared by every node; without it they live in this process.
  const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;
  redis?.on("error", () => {
    // ioredis reconnects by itself; commands in the meantime fail fast and are handled where issued.
  });
  const memoryLimiter = new MemoryRateLimiter();
  const limiter = redis ? new RedisRateLimiter(redis, config.redisPrefix, memoryLimiter) : memoryLimiter;

  const app = await createHttpApp(config);
  const realtime = createRealtime(app.server, {
    publicOrigin: config.publicOrigin,
    trustProxy: config.trustProxy,
    connectLimits: config.connectLimits,
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

  const core: Core = {
    config,
    database,
    db: database.db,
    redis,
    bus: new Bus(),
    nodeBus,
    io,
    realtime,
    presence,
    seats,
    limiter,
    leases: redis ? redisLeases(redis, config.redisPrefix, nodeId) : soloLeases(),
    app,
    logger: app.log,
    nodeId,
    stopping,
    now: () => Date.now() + config.clockOffsetMs,
  };
  return {
    core,
    /** Stops taking work: long requests answer "restarting", connections drain, sockets and HTTP close. */
    async closeFront(): Promise<void> {
      presenceSync?.stop();
      // Answered before the drain: each answer then says `Connection: close`, and nothing waits minutes.
      stopping.stop();
      drain.start();
      realtime.close();
      await app.close();
    },
    /** Last, once the areas handed over their work: limits, the node bus, Redis and the database. */
    async closeBack(): Promise<void> {
      memoryLimiter.close();
      nodeBus?.close();
      const closeRedis = async () => {
        if (redis && (await settledWithin(redis.quit(), REDIS_QUIT_MS)) === undefined) redis.disconnect();
        // Last: its commands queue behind a blocking XREAD, so it is cut rather than asked to quit.
        adapterRedis?.disconnect();
      };
      await Promise.all([closeRedis(), database.close()]);
    },
  };
}

export type OpenedCore = Awaited<ReturnType<typeof openCore>>;
