import { actorKey, creditClock, isLiveTimeClass, type LiveTimeClass } from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import type { KeyedQueue } from "../../util/keyedQueue.ts";
import { type GameLeases, LEASE_MS } from "./gameLeases.ts";
import { firstMoveDeadlineAt, type GameRound, RECONNECT_GRACE_MS } from "./gameRound.ts";
import { roundFromRow } from "./gameRows.ts";
import type { GameNotifier } from "./gamesNotifier.ts";
import type { GamesRepo } from "./gamesRepo.ts";
import type { LiveRounds } from "./liveRounds.ts";
import { roundStateOf } from "./roundState.ts";

/** A node lets its games go this long before its lease could lapse (clocks of two nodes, a slow turn). */
const LEASE_MARGIN_MS = 750;
/** Games nobody holds are taken over only when still so this long later (a holder may be renewing). */
const ORPHAN_CONFIRM_MS = 2_500;

/**
 * Which node writes each live game (ARCHITECTURE §5): leases in Redis, fenced by the database's owner epoch.
 * Takes over the games of dead or departed nodes, lets go of games another node took, reloads live games
 * after a restart; the side to move is charged only until the last sign of life of the game's writer.
 */
/** Live games reloaded at once after a restart. */
const RECOVER_AT_ONCE = 16;

export function createGameOwnership(deps: {
  repo: GamesRepo;
  leases: GameLeases;
  rounds: LiveRounds;
  queue: KeyedQueue;
  notifier: GameNotifier;
  logger: FastifyBaseLogger;
  now: () => number;
  isOnline: (key: string) => boolean;
  /** Whether a node is alive to hear forwarded calls; a game held by a dead node is taken over. */
  isNodeAlive?: (node: string) => Promise<boolean>;
  /** This node stops writing the game (called before its players are sent to reconnect). */
  forget: (gameId: string) => void;
  /** This node writes a live game it did not start (reloaded or taken over), its resumed state stored. */
  adopted: (round: GameRound) => void;
  /** The server's own first-move limits by speed (config FIRST_MOVE_LIMITS_MS); undefined: FIRST_MOVE_MS. */
  firstMoveMs?: Record<LiveTimeClass, number>;
}) {
  const { repo, leases, rounds, queue, logger } = deps;
  const now = deps.now;
  /** Live games nobody held when last looked at, and since when. */
  const orphanSince = new Map<string, number>();
  /** When this node last renewed its leases (scaled mode): a whole lease without it and it lets its games go. */
  let renewedAt = now();
  /**
   * Until when this node's games are surely its own: a lease from when its last successful renewal was sent.
   * Past it another node may take them over, so this one stops serving them a little before, by itself,
   * without waiting for a renewal that a cut-off Redis may never answer.
   */
  let heldUntil = now() + LEASE_MS;
  let expiry: NodeJS.Timeout | undefined;
  function watchExpiry() {
    if (expiry) clearTimeout(expiry);
    expiry = setTimeout(
      () => {
        expiry = undefined;
        if (now() < heldUntil - LEASE_MARGIN_MS || rounds.size === 0) return;
        logger.warn({ games: rounds.size }, "leases not renewed in time; letting this node's games go");
        for (const round of [...rounds.values()]) letGo(round);
      },
      Math.max(0, heldUntil - LEASE_MARGIN_MS - now()),
    );
    expiry.unref();
  }

  /** Another writer owns the game now (the database refused this one's epoch): stop, and send players there. */
  function letGo(round: GameRound) {
    if (rounds.get(round.id) !== round) return;
    rounds.unregister(round);
    deps.forget(round.id);
    logger.warn({ gameId: round.id, epoch: round.epoch }, "another writer owns this game now; let it go");
    deps.notifier.reconnect(round.id);
  }

  /** After a failed write: if another node holds the game now, this one lets it go. */
  async function letGoIfTaken(round: GameRound) {
    if (!leases.shared) return;
    const [holder] = await leases.holders([round.id]).catch(() => [undefined]);
    if (holder && holder !== leases.nodeId && rounds.get(round.id) === round) rounds.unregister(round);
  }

  /** A restarted or adopted round: the side to move is charged only until `lastSeen`, the outage is not theirs. */
  function resume(round: GameRound, lastSeen: number, t: number) {
    const outage = Math.max(0, t - lastSeen);
    round.resumed = { at: t, awayMs: outage };
    if (round.clock.runningSince !== null) {
      const charged = Math.max(0, lastSeen - round.clock.runningSince);
      const mover = round.clock.turn;
      const left = { ...round.clock.remaining, [mover]: round.clock.remaining[mover] - charged };
      round.clock = creditClock({ ...round.clock, remaining: left, runningSince: t }, t, { w: 0, b: 0 });
      // Nor is the time it takes to come back: the clock waits for the mover (gamesService.presenceChanged).
      if (!deps.isOnline(actorKey(round.players[mover]))) round.clock.runningSince = t + RECONNECT_GRACE_MS;
    } else {
      // Before the clocks run, the side to move's first-move limit is stretched the same way.
      const away = !deps.isOnline(actorKey(round.players[round.board.turn()]));
      const grace = away ? RECONNECT_GRACE_MS : 0;
      if (round.firstMoveDeadline !== null) round.firstMoveDeadline += outage + grace;
      else round.firstMoveDeadline = firstMoveDeadlineAt(round, t + grace);
    }
    if (round.idleDeadline !== null) round.idleDeadline += outage;
    // A player gone before the outage stays gone since then (the outage credited); one back is here.
    for (const c of ["w", "b"] as const) {
      const gone = round.goneSince[c];
      round.goneSince[c] = deps.isOnline(actorKey(round.players[c])) ? null : gone !== null ? gone + outage : t;
      if (gone === null) round.goneLeft[c] = false;
    }
  }

  /**
   * Where a game is written: "here" (or nowhere: it is not live), on another node, or "unknown" while
   * Redis cannot say. A live game nobody holds (its node died or left) is taken over here.
   */
  async function locate(id: string): Promise<"here" | "unknown" | string> {
    if (rounds.has(id) || !leases.shared) return "here";
    for (let attempt = 0; attempt < 2; attempt++) {
      let holder: string | null | undefined;
      try {
        [holder] = await leases.holders([id]);
      } catch {
        return "unknown";
      }
      if (holder && holder !== leases.nodeId) {
        if (!(await holderDied(id, holder))) return holder;
      } else if (holder === null && !(await mayAdopt(id))) return "unknown";
      if ((await adopt(id, holder ?? undefined)) !== "taken") return "here";
    }
    return "unknown";
  }

  /** The node holding a live game elsewhere, if another does (scaled mode). */
  async function holderElsewhere(id: string): Promise<string | undefined> {
    if (rounds.has(id) || !leases.shared) return undefined;
    const [holder] = await leases.holders([id]).catch(() => [null]);
    return holder && holder !== leases.nodeId ? holder : undefined;
  }

  /** The game's holder is gone (killed: nobody listens on its channel): its lease is taken for this node. */
  async function holderDied(id: string, holder: string): Promise<boolean> {
    return (await nodeGone(holder)) && leases.steal(id, holder).catch(() => false);
  }

  async function nodeGone(node: string): Promise<boolean> {
    return deps.isNodeAlive ? !(await deps.isNodeAlive(node).catch(() => true)) : false;
  }

  /**
   * A game nobody holds is taken over at once when its node handed it over (a graceful stop), else only
   * once it has stayed so for a while: after a Redis restart its holder needs a moment to claim it back.
   */
  async function mayAdopt(id: string): Promise<boolean> {
    if ((await leases.releasedAt(id).catch(() => undefined)) !== undefined) return true;
    const t = now();
    const since = orphanSince.get(id) ?? t;
    orphanSince.set(id, since);
    return t - since >= ORPHAN_CONFIRM_MS;
  }

  /**
   * Until when a game taken over without a hand-over was served: the last heartbeat (every HEARTBEAT_MS) of
   * the node that wrote it last, when that node is gone and is not the lease's holder: a node that took the
   * lease and died before its takeover was stored never served the game, and its lease would charge the
   * outage to the side to move. Else the holder's last heartbeat, or the last moment its lease can have been
   * renewed.
   */
  async function lastServed(writer: string | null, holder: string | undefined, t: number): Promise<number> {
    const heartbeatOf = (node: string) => repo.heartbeatOf(node).catch(() => undefined);
    if (writer !== null && writer !== holder && writer !== leases.nodeId && (await nodeGone(writer))) {
      const seen = await heartbeatOf(writer);
      if (seen) return seen.getTime();
    }
    const seen = holder ? await heartbeatOf(holder) : undefined;
    return Math.max(seen?.getTime() ?? Number.NEGATIVE_INFINITY, t - LEASE_MS);
  }

  /** Takes over a live game nobody holds: loads it, charges the clock only until its last holder was seen. */
  function adopt(id: string, deadHolder?: string): Promise<"adopted" | "taken" | "not_live"> {
    return queue.run(id, async () => {
      if (rounds.has(id)) return "adopted";
      let claimed: boolean;
      try {
        claimed = await leases.claim(id);
      } catch {
        return "taken";
      }
      if (!claimed) return "taken";
      const row = await repo.game(id);
      // A daily game waits in the database and is played there (areas/daily): no node takes it up.
      if (row?.status !== "active" || !isLiveTimeClass(row.timeClass)) {
        await leases.release([id], now()).catch(() => {});
        return "not_live";
      }
      const round = roundFromRow(row, await repo.moves(id), deps.firstMoveMs);
      const released = await leases.releasedAt(id).catch(() => undefined);
      const t = now();
      resume(round, released ?? (await lastServed(row.ownerNode, deadHolder, t)), t);
      // From here on the previous owner's writes are refused by the database, whatever it still believes.
      const epoch = await repo.takeOwnership(id, roundStateOf(round), leases.nodeId);
      if (epoch === undefined) {
        await leases.release([id], now()).catch(() => {});
        return "not_live";
      }
      round.epoch = epoch;
      rounds.register(round);
      orphanSince.delete(id);
      logger.info({ gameId: id }, "took over a live game");
      deps.adopted(round);
      return "adopted";
    });
  }

  /** Takes over the live games no node holds (seen so for `confirmMs`, giving a holder time to renew). */
  async function adoptOrphans(confirmMs: number): Promise<number> {
    const ids = (await repo.activeGameIds()).filter((id) => !rounds.has(id));
    const holders = await leases.holders(ids);
    const t = now();
    const seen = new Set<string>();
    let adopted = 0;
    const gone = new Map<string, boolean>();
    for (const [i, id] of ids.entries()) {
      const holder = holders[i];
      if (holder) {
        if (holder === leases.nodeId) continue;
        if (!gone.has(holder)) gone.set(holder, await nodeGone(holder));
        if (gone.get(holder) && (await holderDied(id, holder)) && (await adopt(id, holder)) === "adopted") adopted += 1;
        continue;
      }
      seen.add(id);
      const since = orphanSince.get(id) ?? t;
      orphanSince.set(id, since);
      if (t - since >= confirmMs && (await adopt(id)) === "adopted") adopted += 1;
    }
    for (const id of orphanSince.keys()) if (!seen.has(id)) orphanSince.delete(id);
    return adopted;
  }

  return {
    letGo,
    letGoIfTaken,
    locate,
    holderElsewhere,

    /** A new game is this node's; if Redis cannot say so now, the next renewal does. */
    async claimNew(gameId: string): Promise<void> {
      await leases.claim(gameId).catch((err: unknown) => logger.warn({ err, gameId }, "lease not taken"));
    },

    /**
     * After a start: one process reloads every live game (the side to move is charged only until the last
     * sign of life); a node of a cluster takes over those no other node holds.
     */
    async recover(): Promise<number> {
      if (leases.shared) return adoptOrphans(0);
      const rows = await repo.activeGames();
      const lastAlive = (await repo.lastHeartbeat())?.getTime();
      const t = now();
      const reload = async (row: (typeof rows)[number]) => {
        const round = roundFromRow(row, await repo.moves(row.id), deps.firstMoveMs);
        resume(round, lastAlive ?? round.clock.runningSince ?? t, t);
        const epoch = await repo.takeOwnership(row.id, roundStateOf(round), leases.nodeId);
        if (epoch === undefined) return;
        round.epoch = epoch;
        rounds.register(round);
        deps.adopted(round);
      };
      // Games are independent: several at once share the database's syncs. One by one, a thousand live games
      // took ~20 s to come back on a slow disk (each takeover also carries the new epoch into the game's moves).
      for (let i = 0; i < rows.length; i += RECOVER_AT_ONCE) {
        await Promise.all(rows.slice(i, i + RECOVER_AT_ONCE).map(reload));
      }
      return rows.length;
    },

    /** Keeps this node's leases, lets go of games another node took, takes over games nobody holds. */
    async maintainLeases(): Promise<void> {
      if (!leases.shared) return;
      let lost: string[];
      const sentAt = now();
      if (!expiry) watchExpiry();
      try {
        lost = await leases.renew(rounds.ids());
        renewedAt = now();
        heldUntil = Math.max(heldUntil, sentAt + LEASE_MS);
        watchExpiry();
      } catch (err) {
        // Cut off from Redis for a whole lease: another node may hold these games now. Stop writing them
        // (the database would refuse them anyway once it takes one) and send their players to reconnect.
        if (now() - renewedAt >= LEASE_MS && rounds.size > 0) {
          logger.warn({ games: rounds.size }, "leases not renewed for a whole lease; letting this node's games go");
          for (const round of [...rounds.values()]) letGo(round);
        }
        throw err;
      }
      for (const id of lost) {
        const round = rounds.get(id);
        if (round) letGo(round);
      }
      await adoptOrphans(ORPHAN_CONFIRM_MS);
    },

    /** The node stops: no more lease watching. */
    stop(): void {
      if (expiry) clearTimeout(expiry);
      expiry = undefined;
    },

    /** Graceful stop: hands this node's games over, noting the time so nobody is charged for the switch. */
    async release(): Promise<void> {
      await leases.release(rounds.ids(), now());
    },
  };
}

export type GameOwnership = ReturnType<typeof createGameOwnership>;
