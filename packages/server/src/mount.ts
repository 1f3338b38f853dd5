import { statfs } from "node:fs/promises";
import type { FastifyInstance } from "fastify";
import type { Core } from "./core.ts";
import type { SocketEvents } from "./realtime/handlers.ts";
import type { AppSocket } from "./realtime/sockets.ts";
import { settledWithin } from "./util/settledWithin.ts";

/** Work an area repeats while the node runs; a failure is logged and the next turn tries again. */
export interface Timer {
  name: string;
  everyMs: number;
  run(): unknown;
}

/**
 * What an area hands the composition root (lila's `Env`): everything it serves and runs. Its ports for
 * other areas are returned beside it by its `<area>Module` function.
 */
export interface AreaModule {
  name: string;
  routes?(app: FastifyInstance): void;
  socketEvents?: SocketEvents;
  /** Runs for each new socket, after it joined its session's and account's rooms. */
  onConnection?(socket: AppSocket): void;
  timers?: Timer[];
  /** This area's part of `/health`, merged into the answer; bounded by the caller. */
  health?(): Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Why this node cannot do this area's work now (e.g. "moves cannot be stored"): /health then answers 503. */
  unavailable?(): string | undefined;
  /** Before the node listens: take back what a restart or another node left (live games, pools...). */
  recover?(): Promise<void> | void;
  /** Once the node listens. */
  start?(): void;
  /** The first step of a stop: nothing new starts, broadcasters and loops end. */
  stop?(): void;
  /** Once sockets and HTTP are closed: hand work over, close engines. Bounded by the caller. */
  release?(): Promise<unknown>;
}

/** Routes, socket events and connection hooks of every area, in the order given. */
export function mountAreas(core: Core, areas: AreaModule[]): void {
  for (const area of areas) {
    area.routes?.(core.app);
    if (area.socketEvents) core.realtime.addEvents(area.socketEvents);
    const hook = area.onConnection;
    if (hook) core.realtime.onConnection((socket) => hook(socket));
  }
}

/** Starts every area's timers; returns their stop. */
export function startTimers(core: Core, areas: AreaModule[]): () => void {
  const intervals = areas.flatMap((area) =>
    (area.timers ?? []).map((timer) =>
      setInterval(() => {
        try {
          Promise.resolve(timer.run()).catch((err: unknown) =>
            core.logger.warn({ err, area: area.name }, `${timer.name} failed`),
          );
        } catch (err) {
          core.logger.warn({ err, area: area.name }, `${timer.name} failed`);
        }
      }, timer.everyMs).unref(),
    ),
  );
  return () => {
    for (const i of intervals) clearInterval(i);
  };
}

/** /health answers within 1 s even when the database stalls (a load balancer's check times out too). */
const HEALTH_DB_MS = 800;
const HEALTH_AREA_MS = 1_000;
/** A Redis that does not answer a PING this soon is taken as away, whatever its connection's state says. */
const HEALTH_REDIS_MS = 500;
/**
 * Below this much free space on the embedded database's disk the node takes itself out of rotation: the WAL it
 * preallocated (storage/walPrealloc.ts) still takes moves for a while, but a checkpoint or the next segment will
 * not fit, and new games belong on a node that can keep them.
 */
export const DISK_FREE_MIN_BYTES = 32 * 1024 * 1024;

/** Free bytes on the filesystem of `dir`, or undefined when it cannot be read. */
async function freeBytes(dir: string): Promise<number | undefined> {
  try {
    const s = await statfs(dir);
    return s.bavail * s.bsize;
  } catch {
    return undefined;
  }
}

/**
 * `/health`: 503 when this node cannot do its work — its database does not answer, its data disk is full, or an
 * area says so (the games area when its writes fail) — so a load balancer takes it out of rotation. Redis away
 * (or not answering) is "degraded": games on this node go on, so every node failing its check at once would be
 * worse. Each area adds its own part; one that does not answer in time is left out.
 */
export function registerHealth(core: Core, areas: AreaModule[], opts: { dataDir?: string } = {}): void {
  const { app, database, redis, io } = core;
  app.get("/health", async (_req, reply) => {
    // Started together, so the whole answer takes at most a second; a node that cannot work answers sooner.
    const parts = Promise.all([
      settledWithin(io.of("/").adapter.serverCount(), HEALTH_AREA_MS).then((nodes) => ({ nodes: nodes ?? null })),
      ...areas.map(async (area) =>
        area.health ? ((await settledWithin(Promise.resolve(area.health()), HEALTH_AREA_MS)) ?? {}) : {},
      ),
    ]);
    const [reachable, free, redisAnswers] = await Promise.all([
      database.ping(HEALTH_DB_MS),
      opts.dataDir !== undefined ? freeBytes(opts.dataDir) : undefined,
      redis ? settledWithin(redis.ping(), HEALTH_REDIS_MS).then((pong) => pong === "PONG") : true,
    ]);
    const unavailable = [
      ...(reachable ? [] : ["database unreachable"]),
      ...(free !== undefined && free < DISK_FREE_MIN_BYTES ? ["data disk full"] : []),
      ...areas.flatMap((area) => area.unavailable?.() ?? []),
    ];
    const disk = free !== undefined ? { diskFreeBytes: free } : {};
    if (unavailable.length > 0) {
      return reply.status(503).send({ status: "unavailable", database: database.kind, unavailable, ...disk });
    }
    const redisStatus = !redis ? "unused" : redisAnswers ? redis.status : "unresponsive";
    return {
      status: redisStatus === "unused" || redisStatus === "ready" ? "ok" : "degraded",
      database: database.kind,
      redis: redisStatus,
      ...disk,
      ...Object.assign({}, ...(await parts)),
      uptimeSeconds: Math.round(process.uptime()),
    };
  });
}
