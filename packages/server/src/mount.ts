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

/**
 * `/health`: 503 only when this node cannot reach its database (take it out of rotation). Redis away is
 * "degraded": games on this node go on, so every node failing its check at once would be worse. Each area
 * adds its own part; one that does not answer in time is left out.
 */
export function registerHealth(core: Core, areas: AreaModule[]): void {
  const { app, database, redis, io } = core;
  app.get("/health", async (_req, reply) => {
    if (!(await database.ping(HEALTH_DB_MS))) {
      return reply.status(503).send({ status: "unavailable", database: database.kind });
    }
    const redisStatus = redis ? redis.status : "unused";
    const parts = await Promise.all([
      settledWithin(io.of("/").adapter.serverCount(), HEALTH_AREA_MS).then((nodes) => ({ nodes: nodes ?? null })),
      ...areas.map(async (area) =>
        area.health ? ((await settledWithin(Promise.resolve(area.health()), HEALTH_AREA_MS)) ?? {}) : {},
      ),
    ]);
    return {
      status: redisStatus === "unused" || redisStatus === "ready" ? "ok" : "degraded",
      database: database.kind,
      redis: redisStatus,
      ...Object.assign({}, ...parts),
      uptimeSeconds: Math.round(process.uptime()),
    };
  });
}
