import {
  type Ack,
  type Actor,
  type ActorId,
  actorKey,
  DEFAULT_ELO,
  fail,
  type JoinPoolPayload,
  type LobbyCounts,
  POOLS,
  type Pool,
  type PoolMembership,
  poolById,
  type TimeClass,
} from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import { addressKey } from "../../http/addressKey.ts";
import type { RateLimiter } from "../../storage/rateLimits.ts";
import type { GamePlay, PlayerRef } from "../games/index.ts";
import type { PoolStore } from "./pairingStore.ts";
import { type PoolEntry, pairWave, type WaveEntry } from "./pairingWave.ts";
import { type OfferSeeker, type OpenOffer, offersFor, offersOfPool } from "./poolOffers.ts";

/** How often pools are paired (lichess waves every 10-60 s on a busy site; a small one wants it sooner). */
export const WAVE_MS = 2_000;
/** A waiting player not seen online is dropped once they joined this long ago (presence may lag between nodes). */
const GONE_AFTER_MS = 5_000;
/** Pools joined per minute, per player and per address: the same allowance as lobby offers. */
export const POOL_JOINS_PER_PLAYER = { limit: 10, windowMs: 60_000 };
export const POOL_JOINS_PER_ADDRESS = { limit: 30, windowMs: 60_000 };

/** Games being played now, grouped by variant and time control (the games area counts them). */
export interface LiveGameCount {
  variant: string;
  baseMs: number;
  incrementMs: number;
  /** Games against the computer count in play but in no pool: nobody was paired, and one may sit idle for hours. */
  againstComputer: boolean;
  count: number;
}

const ref = (e: PoolEntry): PlayerRef => ({ sessionId: e.sessionId, userId: e.userId, name: e.name });
const entryOf = ({ avoid: _, ...e }: WaveEntry): PoolEntry => e;
const left = (e: PoolEntry, reason: PoolMembership["reason"]): PoolMembership => ({
  poolId: null,
  mixed: e.mixed,
  reason,
});

/** The lobby's open offers, which a player in a pool takes as if they had clicked Accept. */
export interface PoolOfferSource {
  list(): Promise<OpenOffer[]>;
  /** Accepts the offer for the player: their game starts, or why not (gone, owner away, busy). */
  accept(player: Pick<Actor, "sessionId" | "userId" | "username" | "address">, offerId: string): Promise<Ack<unknown>>;
}

/**
 * Quick pairing: players wait in the preset pools and are paired in waves into real games. An open lobby
 * offer of a pool's time control is taken by a player who comes to that pool (lichess's quick pairing joins
 * a matching seek), and by one already waiting there at the next wave.
 */
export function createPairingService(deps: {
  store: PoolStore;
  games: Pick<GamePlay, "start" | "activeGameOf">;
  offers: PoolOfferSource;
  /** A player's rating in the pools' variant (standard) and `timeClass`. */
  rating: (userId: number, timeClass: TimeClass) => Promise<number>;
  /** The blocks between these accounts, as [blocker, blocked]. */
  blocksAmong: (userIds: number[]) => Promise<Array<[number, number]>>;
  isOnline: (key: string) => boolean;
  /** People online on the whole site. */
  onlineCount: () => number;
  liveGames: () => Promise<LiveGameCount[]>;
  limiter: RateLimiter;
  /** Tells every socket of a player where they wait now. */
  notify: (player: ActorId, membership: PoolMembership) => void;
  /** Something the lobby counts show changed. */
  changed: () => void;
  logger: FastifyBaseLogger;
  now?: () => number;
  random?: () => number;
}) {
  const { store, games, logger } = deps;
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  let running = false;
  let timer: NodeJS.Timeout | undefined;

  const leaveWith = async (e: PoolEntry | undefined, reason: PoolMembership["reason"]) => {
    if (!e) return;
    deps.notify(e, left(e, reason));
    deps.changed();
  };

  async function limitProblem(actor: Pick<Actor, "sessionId" | "userId" | "address">) {
    const { limit, windowMs } = POOL_JOINS_PER_PLAYER;
    if (!(await deps.limiter.hit(`pools:joined:${actorKey(actor)}`, limit, windowMs)).ok) {
      return fail("rate_limited", "You are joining pools too fast - wait a moment");
    }
    if (actor.address !== undefined) {
      const a = POOL_JOINS_PER_ADDRESS;
      if (!(await deps.limiter.hit(`pools:joined:ip:${addressKey(actor.address)}`, a.limit, a.windowMs)).ok) {
        return fail("rate_limited", "Too many pool joins from your address - wait a moment");
      }
    }
    return undefined;
  }

  /** Starts the pair's game, if both are still free and still waiting as the wave saw them. */
  async function startPair(a: PoolEntry, b: PoolEntry): Promise<boolean> {
    const busy = await Promise.all([games.activeGameOf(a), games.activeGameOf(b)]);
    for (const [i, e] of [a, b].entries()) {
      if (busy[i]) await leaveWith(await store.remove(e.key, { socketId: e.socketId }), "playing");
    }
    if (busy[0] || busy[1]) return false;
    if (!(await store.takePair(a, b))) return false;
    const pool = poolById(a.poolId);
    if (!pool) return false;
    const aWhite = random() < 0.5;
    try {
      await games.start({
        white: ref(aWhite ? a : b),
        black: ref(aWhite ? b : a),
        variant: "standard",
        baseTime: pool.baseTime,
        increment: pool.increment,
      });
    } catch (err) {
      // Not started: both wait on as they were, for the next wave.
      logger.warn({ err }, "pool game not started");
      await Promise.all([store.put(a), store.put(b)]);
      return false;
    }
    deps.notify(a, left(a, "paired"));
    deps.notify(b, left(b, "paired"));
    return true;
  }

  /** Accounts among `userIds` that `userId` blocked or is blocked by. */
  async function blockedBy(userId: number | null, userIds: Array<number | null>): Promise<Set<number>> {
    const others = [...new Set(userIds.filter((id): id is number => id !== null && id !== userId))];
    if (userId === null || others.length === 0) return new Set();
    const blocks = await deps.blocksAmong([userId, ...others]);
    return new Set(blocks.flatMap(([x, y]) => (x === userId ? [y] : y === userId ? [x] : [])));
  }

  /** Takes the first open offer of the pool that suits the player; true once their game started. */
  async function takeOffer(
    seeker: OfferSeeker & Pick<Actor, "sessionId" | "userId" | "username" | "address">,
    pool: Pool,
    open?: OpenOffer[],
  ): Promise<boolean> {
    const offers = offersOfPool(open ?? (await deps.offers.list()), pool);
    if (offers.length === 0) return false;
    const blocked = await blockedBy(
      seeker.userId,
      offers.map((o) => o.ownerUserId),
    );
    for (const o of offersFor(seeker, pool, offers, blocked)) {
      if ((await deps.offers.accept(seeker, o.offerId)).ok) return true;
    }
    return false;
  }

  /** One wave over every pool: the gone are dropped, the rest paired by pairWave. */
  async function wave(): Promise<number> {
    if (running) return 0;
    running = true;
    try {
      if (!(await store.claimWave(WAVE_MS - 100))) return 0;
      const t = now();
      const here: PoolEntry[] = [];
      for (const e of await store.list()) {
        if (deps.isOnline(e.key)) here.push(e);
        // Offline for a while (their node died, or its news of them is late): out of the pool.
        else if (t - e.joinedAt > GONE_AFTER_MS) {
          await leaveWith(await store.remove(e.key, { socketId: e.socketId }), "gone");
        }
      }
      if (here.length === 0) return 0;
      const accounts = [...new Set(here.flatMap((e) => (e.userId !== null ? [e.userId] : [])))];
      const avoid = new Map<number, number[]>();
      for (const [x, y] of accounts.length >= 2 ? await deps.blocksAmong(accounts) : []) {
        avoid.set(x, [...(avoid.get(x) ?? []), y]);
        avoid.set(y, [...(avoid.get(y) ?? []), x]);
      }
      const { pairs } = pairWave(
        here.map((e) => ({ ...e, avoid: e.userId !== null ? (avoid.get(e.userId) ?? []) : [] })),
        t,
      );
      let started = 0;
      for (const [a, b] of pairs) if (await startPair(entryOf(a), entryOf(b))) started += 1;
      // Those left take an offer made since they came, longest waiting first; their game's start takes them
      // out of the pool (playersStarted).
      const paired = new Set(pairs.flat().map((e) => e.key));
      const open = await deps.offers.list();
      for (const e of here.filter((x) => !paired.has(x.key)).sort((x, y) => x.joinedAt - y.joinedAt)) {
        const pool = poolById(e.poolId);
        if (pool && (await takeOffer({ ...e, username: e.name }, pool, open))) started += 1;
      }
      if (started > 0) deps.changed();
      return started;
    } finally {
      running = false;
    }
  }

  return {
    wave,

    async join(actor: Actor, p: JoinPoolPayload, socketId: string): Promise<Ack<PoolMembership>> {
      const pool = poolById(p.poolId);
      if (!pool) return fail("validation", "No such pool");
      const limited = await limitProblem(actor);
      if (limited) return limited;
      if (await games.activeGameOf(actor)) return fail("busy", "You are already playing a game");
      if (await takeOffer({ ...actor, key: actorKey(actor), mixed: p.mixed }, pool)) {
        deps.changed();
        return { ok: true, data: { poolId: null, mixed: p.mixed, reason: "paired" } };
      }
      const entry: PoolEntry = {
        key: actorKey(actor),
        poolId: pool.id,
        sessionId: actor.sessionId,
        userId: actor.userId,
        name: actor.username,
        rating: actor.userId !== null ? await deps.rating(actor.userId, pool.timeClass) : DEFAULT_ELO,
        mixed: p.mixed,
        joinedAt: now(),
        socketId,
      };
      await store.put(entry);
      const membership: PoolMembership = { poolId: pool.id, mixed: p.mixed };
      deps.notify(actor, membership);
      deps.changed();
      return { ok: true, data: membership };
    },

    async leave(actor: ActorId, poolId?: string): Promise<Ack> {
      await leaveWith(await store.remove(actorKey(actor), poolId ? { poolId } : undefined), "left");
      return { ok: true };
    },

    /** The socket that joined went away: its player leaves, unless they joined again from another one. */
    async socketClosed(actor: ActorId, socketId: string): Promise<void> {
      await leaveWith(await store.remove(actorKey(actor), { socketId }), "gone");
    },

    /** A game started (a pairing, an offer, a challenge, a rematch): its players wait no more. */
    async playersStarted(players: ActorId[]): Promise<void> {
      for (const p of players) await leaveWith(await store.remove(actorKey(p)), "playing");
    },

    async membership(actor: ActorId): Promise<PoolMembership> {
      const e = await store.get(actorKey(actor));
      return e ? { poolId: e.poolId, mixed: e.mixed } : { poolId: null, mixed: false };
    },

    /** The lobby's numbers: people online, games in play, and each pool's waiting and playing. */
    async counts(): Promise<LobbyCounts> {
      const [entries, live, open] = await Promise.all([store.list(), deps.liveGames(), deps.offers.list()]);
      return {
        playersOnline: deps.onlineCount(),
        gamesInPlay: live.reduce((n, g) => n + g.count, 0),
        pools: POOLS.map((pool) => ({
          poolId: pool.id,
          waiting: entries.filter((e) => e.poolId === pool.id).length,
          offers: offersOfPool(open, pool).length,
          playing:
            2 *
            live
              .filter(
                (g) =>
                  !g.againstComputer &&
                  g.variant === "standard" &&
                  g.baseMs === pool.baseTime * 60_000 &&
                  g.incrementMs === pool.increment * 1000,
              )
              .reduce((n, g) => n + g.count, 0),
        })),
      };
    },

    /** Runs a wave every WAVE_MS (with Redis, one node's at a time). */
    start(): void {
      timer = setInterval(() => {
        wave().catch((err: unknown) => logger.warn({ err }, "pairing wave failed"));
      }, WAVE_MS);
      timer.unref();
    },

    stop(): void {
      clearInterval(timer);
    },
  };
}

export type PairingService = ReturnType<typeof createPairingService>;
