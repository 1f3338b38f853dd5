import { type ArenaFinished, chess960GameFen, GAME_STAGES, HANDICAPS } from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import type { BusEvents } from "../../bus.ts";
import { shortId } from "../../util/ids.ts";
import type { Membership } from "../clubs/index.ts";
import type { GamePlay, GameRecords } from "../games/index.ts";
import type { JumpstartPositions } from "../jumpstart/index.ts";
import { ArenaDirector, type ArenaGameStart, type DirectorEvent, type Timers } from "./arenaDirector.ts";
import type { ArenaFollowers } from "./arenaFollowers.ts";
import { clubsJson, ranked, standingRow } from "./arenaJson.ts";
import type { ArenaLeases } from "./arenaLeases.ts";
import { standingsPacer } from "./standingsPacer.ts";
import type { ArenaRecord, TournamentsRepo } from "./tournamentsRepo.ts";
import type { ArenaNotifier, LiveArena, TournamentsService } from "./tournamentsService.ts";

/** Standings go to an arena's followers at most this often, however many games end. */
export const STANDINGS_EVERY_MS = 1_000;
/** A pairing this old whose game does not exist was never started (its director died in between). */
const NEVER_STARTED_MS = 30_000;
/** Maintenance turns (2 s each) between two looks for ends nobody recorded. */
const RECONCILE_EVERY_TURNS = 15;

const systemTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

/**
 * The arenas this node directs: each under a lease (one node at a time) and its epoch in the database (a node
 * that lost the lease is refused at its first write). Every arena's results are recorded wherever its game
 * ended (once: the pairing's status is the guard); its director hears of it, pairs again and sends the
 * standings, at most once a second.
 */
export function createArenaDirection(deps: {
  repo: TournamentsRepo;
  service: TournamentsService;
  games: Pick<GamePlay, "startMany">;
  /** How a game ended: a result whose gameFinished no node heard (killed in between) is recorded on a takeover. */
  records: Pick<GameRecords, "ending" | "active">;
  /** An arena's players changed (on this node): every node hears it, its director pairs and sends standings. */
  told: (tournamentId: string, userIds: number[]) => void;
  positions: JumpstartPositions;
  membership: Pick<Membership, "memberIds">;
  followers: ArenaFollowers;
  leases: ArenaLeases;
  notify: ArenaNotifier;
  logger: FastifyBaseLogger;
  timers?: Timers;
}) {
  const { repo, service, notify, logger } = deps;
  const timers = deps.timers ?? systemTimers;
  const directors = new Map<string, ArenaDirector>();
  const taking = new Set<string>();
  /** The standings last sent to each arena's followers (the same again is not sent). */
  const sent = new Map<string, string>();
  let stopped = false;
  let turns = 0;

  type Dealt = { start?: { fen: string; eval?: number } } | undefined;
  /**
   * The start positions of `n` games of an arena: Chess960's drawn here, jumpstart's taken from the pool in one
   * read (undefined where none could be found: that game is not started), the standard one otherwise.
   */
  async function dealtStarts(settings: ArenaGameStart["settings"], n: number): Promise<Dealt[]> {
    if (settings.variant === "fun") return Array.from({ length: n }, () => ({ start: { fen: chess960GameFen() } }));
    const js = settings.jumpstart;
    if (settings.variant !== "jumpstart" || !js) return Array.from({ length: n }, () => ({}));
    const stage = GAME_STAGES[js.stage];
    const balance = HANDICAPS[js.balance];
    const found = await deps.positions
      .positions(
        {
          lower_eval_limit: balance.eval.min,
          upper_eval_limit: balance.eval.max,
          lower_move_limit: stage.moves.min,
          upper_move_limit: stage.moves.max,
        },
        n,
      )
      .catch((err: unknown) => {
        logger.warn({ err }, "arena start positions not dealt");
        return [];
      });
    return Array.from({ length: n }, (_, k) => {
      const start = found[k];
      return start ? { start } : undefined;
    });
  }

  // An arena's name and settings never change: read once, not for every game of a wave.
  const arenas = new Map<string, Promise<ArenaRecord | undefined>>();
  const arenaOf = (id: string) => {
    let a = arenas.get(id);
    if (!a) {
      a = repo.arena(id);
      arenas.set(id, a);
      a.catch(() => arenas.delete(id));
    }
    return a;
  };
  /**
   * Starts a batch of a wave's games in one command to the games area (the arena read once, not per game), and
   * tells each started game's two players at once (not once the whole wave has started). Whether each started.
   */
  async function startGames(batch: readonly ArenaGameStart[]): Promise<boolean[]> {
    const id = batch[0]?.tournamentId;
    const arena = id === undefined ? undefined : await arenaOf(id);
    if (!arena) return batch.map(() => false);
    const tournament = { id: arena.id, name: arena.name, berserkable: arena.settings.berserkable };
    // A game whose start position cannot be dealt is not started; the others are.
    const dealt = batch[0] ? await dealtStarts(batch[0].settings, batch.length) : [];
    const ready = batch.flatMap((g, k) => {
      const d = dealt[k];
      return d ? [{ g, start: d.start }] : [];
    });
    const outcomes = await deps.games.startMany(
      ready.map(({ g, start }) => ({
        id: g.gameId,
        white: { userId: g.white, sessionId: `arena:${g.white}`, name: g.names.white },
        black: { userId: g.black, sessionId: `arena:${g.black}`, name: g.names.black },
        variant: g.settings.variant,
        baseTime: g.settings.timeControl.baseTime,
        increment: g.settings.timeControl.increment,
        rated: g.settings.rated,
        ...(start ? { initialFen: start.fen } : {}),
        ...(start?.eval !== undefined ? { startEval: start.eval } : {}),
        tournament,
      })),
    );
    const started = new Set<string>();
    const failed = outcomes.find((o) => !o.ok);
    if (failed && !failed.ok) {
      logger.warn(
        { err: failed.error, games: ready.length - outcomes.filter((o) => o.ok).length },
        "arena games not started",
      );
    }
    for (const [k, { g }] of ready.entries()) {
      if (!outcomes[k]?.ok) continue;
      started.add(g.gameId);
      const base = { tournamentId: g.tournamentId, gameId: g.gameId };
      notify.toUsers([g.white], "arenaPaired", { ...base, color: "w", opponent: g.names.black });
      notify.toUsers([g.black], "arenaPaired", { ...base, color: "b", opponent: g.names.white });
    }
    return batch.map((g) => started.has(g.gameId));
  }

  async function onEvent(e: DirectorEvent): Promise<void> {
    const id = e.tournamentId;
    switch (e.type) {
      case "started": {
        const players = (await repo.players(id)).map((p) => p.userId);
        const arena = await repo.arena(id);
        const clubId = arena?.settings.conditions.clubId;
        const members = clubId !== undefined ? await deps.membership.memberIds(clubId) : [];
        notify.toFollowers(id, "arenaStarted", { tournamentId: id, endsAt: e.endsAt });
        notify.toUsers([...new Set([...players, ...members])], "arenaStarted", { tournamentId: id, endsAt: e.endsAt });
        dirty(id);
        break;
      }
      case "paired": {
        // Each game's players were told as it started (startGame); their lines and the standings follow.
        await service.tellPlayers(
          id,
          e.games.flatMap((g) => [g.white, g.black]),
          true,
          await arenaOf(id),
        );
        dirty(id);
        break;
      }
      case "finished": {
        directors.delete(id);
        arenas.delete(id);
        const arena = await repo.arena(id);
        if (!arena) return;
        const all = ranked(arena, await repo.players(id));
        const finished: ArenaFinished = {
          tournamentId: id,
          podium: all.slice(0, 3).map((p) => standingRow(p, arena.settings.streaks)),
          clubs: clubsJson(arena, all),
        };
        if (finished.clubs) {
          await repo.setBattleResult(
            id,
            finished.clubs.map((c) => ({ clubId: c.clubId, rank: c.rank, points: c.points })),
          );
        }
        notify.toFollowers(id, "arenaFinished", finished);
        notify.toUsers(
          all.map((p) => p.userId),
          "arenaFinished",
          finished,
        );
        await pacer.now(id);
        await service.recur(arena);
        break;
      }
      case "deposed":
        directors.delete(id);
        break;
      case "result":
        dirty(id);
        break;
    }
  }

  async function take(id: string): Promise<void> {
    if (taking.has(id) || directors.has(id) || stopped) return;
    taking.add(id);
    try {
      const director = await ArenaDirector.take(
        {
          repo,
          games: { startMany: startGames },
          presence: { here: (t) => deps.followers.here(t) },
          timers,
          random: Math.random,
          newGameId: shortId,
          publish: (e) => void onEvent(e).catch((err: unknown) => logger.warn({ err, id }, "arena event not told")),
        },
        id,
      );
      if (director && !stopped) {
        directors.set(id, director);
        await reconcile(id);
      } else director?.stop();
    } finally {
      taking.delete(id);
    }
  }

  /**
   * The arena's games that ended while no node recorded them (their node killed between the end's commit and
   * its news), and pairings whose game never started (their director killed in between): recorded or given up,
   * so that nobody waits for ever. Recording is once whoever does it (the pairing's status is the guard).
   */
  async function reconcile(id: string): Promise<void> {
    const playing = await repo.playing(id);
    // One read for the games going on (hundreds in a big arena, every 30 s); only the others are looked at.
    const active = await deps.records.active(playing.map((p) => p.gameId));
    for (const p of playing) {
      if (active.has(p.gameId)) continue;
      const end = await deps.records.ending(p.gameId);
      if (end === "active") continue;
      if (end === undefined || !end.arena) {
        if (end !== undefined || timers.now() - p.startedAt.getTime() > NEVER_STARTED_MS) {
          if (await repo.cancelPairing(p.gameId)) deps.told(id, [p.whiteId, p.blackId]);
        }
        continue;
      }
      await direction.gameFinished({ ...end, variant: "", timeClass: "", ratingsChanged: false }, deps.told);
    }
  }

  /**
   * Standings to the followers, from the director's memory, and only when they differ from the last ones sent (a
   * game's end far down the list changes nothing the followers see); resolves once they reached them here.
   */
  async function push(id: string): Promise<void> {
    const known = directors.has(id) ? await arenaOf(id) : undefined;
    const update = await service.standingsUpdate(id, known);
    if (!update) return;
    const json = JSON.stringify(update);
    const delivered = json !== sent.get(id) ? notify.toFollowers(id, "arenaStandings", update) : undefined;
    sent.set(id, json);
    if (update.status === "finished") {
      sent.delete(id);
      pacer.forget(id);
    }
    await delivered;
  }

  /** At most once a second to each follower, however many games end. */
  const pacer = standingsPacer({
    every: STANDINGS_EVERY_MS,
    timers,
    send: push,
    failed: (err, id) => logger.warn({ err, id }, "arena standings not sent"),
  });
  const dirty = (id: string) => {
    if (!stopped) pacer.changed(id);
  };

  const direction = {
    /** Takes the arenas whose lease this node gets, lets go of those it lost; every few seconds. */
    async maintain(): Promise<void> {
      if (stopped) return;
      const open = await repo.unfinished();
      const ids = new Set(open.map((a) => a.id));
      for (const [id, d] of directors) {
        if (!ids.has(id) || !d.active) directors.delete(id);
      }
      await Promise.all(
        open.map(async ({ id }) => {
          const held = await deps.leases.hold(id).catch(() => false);
          if (held) await take(id);
          else {
            directors.get(id)?.stop();
            directors.delete(id);
          }
        }),
      );
      // Now and then, the games of the arenas directed here whose end nobody recorded, and every player read
      // again in case a change was never heard (a lost message between nodes).
      if (++turns % RECONCILE_EVERY_TURNS === 0) {
        for (const [id, d] of directors) {
          await reconcile(id);
          await d.reload();
        }
      }
    },

    /**
     * Something of an arena changed (on any node): its director reads those players' rows again, sends standings,
     * and pairs when asked.
     */
    changed(id: string, wave: boolean, userIds: readonly number[] = []): void {
      const director = directors.get(id);
      if (!director) return;
      director
        .playersChanged(userIds, wave)
        .catch((err: unknown) => logger.warn({ err, id }, "arena players not read"))
        .finally(() => dirty(id));
    },

    /** The arena as its director holds it, when this node directs it. */
    live(id: string): LiveArena | undefined {
      const d = directors.get(id);
      if (!d?.active) return undefined;
      // Computed when read: a player's line needs neither the whole standings nor the games.
      return {
        get standings() {
          return d.standings();
        },
        get playing() {
          return d.playing();
        },
        lines: (userIds) => d.lines(userIds),
        nbPlayers: d.nbPlayers,
        running: d.isRunning,
      };
    },

    /** An arena game ended on this node: record it once, tell its players, and its director (wherever it is). */
    async gameFinished(e: BusEvents["gameFinished"], told: (id: string, userIds: number[]) => void): Promise<void> {
      const arena = e.arena;
      if (!arena) return;
      const ids = e.players.flatMap((p) => (p?.userId === undefined || p.userId === null ? [] : [p.userId]));
      if (e.reason === "abort" || e.winningColor === "none") {
        // Withdrawn first, so that the wave the freed pair calls for does not pair them again (lichess too).
        const idle = arena.didNotMove ? e.players[arena.didNotMove === "w" ? 0 : 1]?.userId : undefined;
        // A failed withdrawal must not keep the pair busy: the pairing is freed whatever it answers.
        if (typeof idle === "number") {
          await service
            .withdrawNonMover(arena.tournamentId, idle)
            .catch((err: unknown) => logger.warn({ err, gameId: e.gameId }, "a no-show could not be withdrawn"));
        }
        await repo.cancelPairing(e.gameId);
        told(arena.tournamentId, ids);
        return;
      }
      const winner = e.winningColor === "white" || e.winningColor === "black" ? e.winningColor : "draw";
      // Directed here: the director takes the two rows as written, without reading them again.
      const local = directors.get(arena.tournamentId);
      const stamp = local?.stamp();
      const recorded = await repo.recordResult(e.gameId, {
        winner,
        plies: arena.plies,
        finishedAt: arena.finishedAt,
        ...(arena.ratings ? { ratings: { white: arena.ratings.w, black: arena.ratings.b } } : {}),
        berserk: { white: arena.berserk.w, black: arena.berserk.b },
      });
      if (!recorded) return;
      // The director pairs them again at once; their lines follow.
      const applied = local?.active === true && stamp !== undefined;
      if (applied) local.rowsWritten(recorded.players, stamp);
      told(arena.tournamentId, applied ? [] : ids);
      const [w, b] = [e.players[0]?.userId ?? null, e.players[1]?.userId ?? null];
      const streaks = (await arenaOf(arena.tournamentId))?.settings.streaks ?? true;
      // This game's entry on a player's sheet: the last one, if it counted.
      const scored = (userId: number | null) => {
        const p = recorded.players.find((x) => x.userId === userId);
        const last = p ? standingRow({ ...p, rank: 0 }, streaks).sheet.at(-1) : undefined;
        return recorded.counted && last?.gameId === e.gameId ? last : undefined;
      };
      const mineW = scored(w);
      const mineB = scored(b);
      notify.toUsers(ids, "arenaResult", {
        tournamentId: arena.tournamentId,
        gameId: e.gameId,
        counted: recorded.counted,
        points: { w: mineW?.points ?? 0, b: mineB?.points ?? 0 },
        rule: { w: mineW?.rule ?? "loss", b: mineB?.rule ?? "loss" },
        berserkBonus: { w: mineW?.berserkBonus ?? false, b: mineB?.berserkBonus ?? false },
      });
      await service.tellPlayers(
        arena.tournamentId,
        ids,
        applied,
        applied ? await arenaOf(arena.tournamentId) : undefined,
      );
    },

    /** Tells the followers at once (a new follower's first standings come in its own answer). */
    directs: (id: string) => directors.has(id),

    /** The arenas this node directs. */
    ids: () => [...directors.keys()],

    /** Stops directing (a shutdown): no more waves or timers; the leases are handed back by the caller. */
    stop(): void {
      stopped = true;
      for (const d of directors.values()) d.stop();
      pacer.stop();
    },

    async settled(): Promise<void> {
      await Promise.all([...directors.values()].map((d) => d.settled()));
    },
  };
  return direction;
}

export type ArenaDirection = ReturnType<typeof createArenaDirection>;
