import type { Color } from "@chess/shared";
import type { RankedPlayer } from "./arenaJson.ts";
import { type ArenaPair, type ArenaWaiting, type PairingSteps, pairArenaSteps, runSteps } from "./arenaPairing.ts";
import { ArenaRoster, type RosterGame } from "./arenaRoster.ts";
import type { ArenaSettings } from "./arenaSettings.ts";
import type { ArenaPlayerRecord, GameResult, RejoinResult, TournamentsRepo } from "./tournamentsRepo.ts";

/** A game the director asks the games area to start, under the id it chose. */
export interface ArenaGameStart {
  gameId: string;
  tournamentId: string;
  white: number;
  black: number;
  /** The players' names, as the director holds them (none read per game). */
  names: { white: string; black: string };
  settings: Pick<ArenaSettings, "timeControl" | "variant" | "jumpstart" | "rated">;
}

/** What the director tells the rest (sockets, in phase 2): new games, changed standings, the start and the end. */
export type DirectorEvent =
  | { type: "started"; tournamentId: string; endsAt: number }
  | { type: "paired"; tournamentId: string; games: ArenaGameStart[] }
  | { type: "result"; tournamentId: string; gameId: string; counted: boolean; players: ArenaPlayerRecord[] }
  | { type: "finished"; tournamentId: string; standings: Array<ArenaPlayerRecord & { rank: number }> }
  | { type: "deposed"; tournamentId: string };

export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The narrow ports a director works through. */
export interface DirectorPorts {
  repo: Pick<
    TournamentsRepo,
    | "arena"
    | "players"
    | "some"
    | "playing"
    | "takeDirection"
    | "start"
    | "pair"
    | "cancelPairing"
    | "recordResult"
    | "finish"
    | "pause"
    | "rejoin"
  >;
  /** Starts a batch of games, each pair told as it starts: whether each started, in order. */
  games: { startMany(games: readonly ArenaGameStart[]): Promise<boolean[]> };
  /** Players with the arena's page open: only they are paired. */
  presence: { here(tournamentId: string): ReadonlySet<number> };
  timers: Timers;
  random: () => number;
  newGameId: () => string;
  publish: (event: DirectorEvent) => void;
}

/**
 * Events that arrive together (games ending at once) are paired in one wave this long after the first: a
 * better matching, well within the 2 s a player may wait.
 */
export const WAVE_DELAY_MS = 250;
/** A start, wave or end that failed (the database away) is tried again this much later. */
export const RETRY_MS = 2_000;
/** A wave's games are started this many at a time (see startGames). */
export const START_BATCH = 16;

/**
 * Directs one arena under its epoch: starts it at its time, pairs whenever a game ends or a player comes
 * (never on a fixed sweep), ends it at its time and freezes the standings. A director whose epoch was taken
 * over (another node directs now) stops at its first refused write.
 */
export class ArenaDirector {
  private timer: unknown = null;
  private waveTimer: unknown = null;
  private waving = false;
  private waveAgain = false;
  private stopped = false;
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly roster = new ArenaRoster();
  private started = false;

  private constructor(
    private readonly ports: DirectorPorts,
    readonly tournamentId: string,
    readonly epoch: number,
    private settings: ArenaSettings,
  ) {}

  /**
   * Takes the direction of an arena (a new epoch) and resumes it where it stands, its players read once; undefined
   * if it is unknown or over.
   */
  static async take(ports: DirectorPorts, tournamentId: string): Promise<ArenaDirector | undefined> {
    const epoch = await ports.repo.takeDirection(tournamentId);
    const arena = await ports.repo.arena(tournamentId);
    if (epoch === undefined || !arena || arena.status === "finished") return undefined;
    const director = new ArenaDirector(ports, tournamentId, epoch, arena.settings);
    await director.reload();
    if (arena.status === "created") director.at(arena.settings.startsAt, () => director.start());
    else director.running(arena.endsAt ?? ports.timers.now());
    return director;
  }

  /** A game of this arena ended: record it, tell the standings, pair its players again. */
  async gameFinished(gameId: string, result: GameResult): Promise<void> {
    const stamp = this.roster.stamp();
    const recorded = await this.ports.repo.recordResult(gameId, result);
    if (!recorded || recorded.tournamentId !== this.tournamentId) return;
    this.roster.apply(recorded.players, stamp, []);
    this.ports.publish({ type: "result", gameId, ...recorded });
    this.requestWave();
  }

  /** A player joined, rejoined or opened the arena's page: they may be paired. */
  playerHere(): void {
    this.requestWave();
  }

  /**
   * Something happened to these players elsewhere (a result recorded on another node, a join, a pause): their
   * rows are read again (theirs only), then a wave may pair them.
   */
  async playersChanged(userIds: readonly number[], wave: boolean): Promise<void> {
    if (userIds.length > 0) await this.refresh(userIds);
    if (wave) this.requestWave();
  }

  /** A stamp for rows about to be written here (see ArenaRoster): pass it to `rowsWritten`. */
  stamp(): number {
    return this.roster.stamp();
  }

  /** Rows this node just wrote (a result it recorded): taken without a read, and the players paired again. */
  rowsWritten(rows: readonly ArenaPlayerRecord[], stamp: number): void {
    this.roster.apply(rows, stamp, []);
    this.requestWave();
  }

  /** Every player read again (a takeover, and now and then in case a change was never heard). */
  async reload(): Promise<void> {
    const stamp = this.roster.stamp();
    const [players, playing] = await Promise.all([
      this.ports.repo.players(this.tournamentId),
      this.ports.repo.playing(this.tournamentId),
    ]);
    this.roster.knowGames(playing);
    this.roster.apply(players, stamp, "all");
  }

  /** Pauses a player: not paired until they rejoin, after the returned time. */
  async pause(userId: number): Promise<{ rejoinAt: number } | undefined> {
    const r = await this.ports.repo.pause(this.tournamentId, userId, this.ports.timers.now());
    await this.refresh([userId]);
    return r;
  }

  /** Ends a player's pause once its delay has passed, and pairs them. */
  async rejoin(userId: number): Promise<RejoinResult> {
    const r = await this.ports.repo.rejoin(this.tournamentId, userId, this.ports.timers.now());
    if (r.ok) await this.playersChanged([userId], true);
    return r;
  }

  /** The standings as the director holds them (no database read). */
  standings(): RankedPlayer[] {
    return this.roster.ranked();
  }

  /** Some players' lines, ranked, as the director holds them (no database read). */
  lines(userIds: readonly number[]): RankedPlayer[] {
    return this.roster.lines(userIds);
  }

  /** The games being played, as the director paired them. */
  playing(): RosterGame[] {
    return this.roster.playing();
  }

  /** Whether the arena runs (it was created and its start came). */
  get isRunning(): boolean {
    return this.started;
  }

  get nbPlayers(): number {
    return this.roster.size;
  }

  private async refresh(userIds: readonly number[]): Promise<void> {
    const stamp = this.roster.stamp();
    this.roster.apply(await this.ports.repo.some(this.tournamentId, [...userIds]), stamp, userIds);
  }

  /** Stops directing (a shutdown, or another node took over): no more timers or waves. */
  stop(): void {
    this.stopped = true;
    this.ports.timers.clearTimeout(this.timer);
    this.ports.timers.clearTimeout(this.waveTimer);
  }

  get active(): boolean {
    return !this.stopped;
  }

  /** Resolves once no start, wave or end is running: a shutdown waits for it (and tests step with it). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private track(work: Promise<void>): Promise<void> {
    this.inFlight.add(work);
    void work.then(
      () => this.inFlight.delete(work),
      () => this.inFlight.delete(work),
    );
    return work;
  }

  private at(when: number, fn: () => Promise<void>): void {
    this.ports.timers.clearTimeout(this.timer);
    const run = () => {
      this.track(fn()).catch(() => {
        if (!this.stopped) this.at(this.ports.timers.now() + RETRY_MS, fn);
      });
    };
    this.timer = this.ports.timers.setTimeout(run, Math.max(0, when - this.ports.timers.now()));
  }

  private depose(): void {
    if (this.stopped) return;
    this.stop();
    this.ports.publish({ type: "deposed", tournamentId: this.tournamentId });
  }

  private async start(): Promise<void> {
    if (this.stopped) return;
    const now = this.ports.timers.now();
    if (!(await this.ports.repo.start(this.tournamentId, this.epoch, now))) return this.depose();
    const arena = await this.ports.repo.arena(this.tournamentId);
    if (!arena) return this.depose();
    this.settings = arena.settings;
    // Joins before the start were heard one by one; the start reads every player once more, to be sure.
    await this.reload();
    const endsAt = arena.endsAt ?? now + arena.settings.durationMinutes * 60_000;
    this.ports.publish({ type: "started", tournamentId: this.tournamentId, endsAt });
    this.running(endsAt);
  }

  private running(endsAt: number): void {
    this.started = true;
    this.at(endsAt, () => this.finish());
    this.requestWave();
  }

  private async finish(): Promise<void> {
    if (this.stopped) return;
    const standings = await this.ports.repo.finish(this.tournamentId, this.epoch, this.ports.timers.now());
    if (!standings) return this.depose();
    this.stop();
    this.ports.publish({ type: "finished", tournamentId: this.tournamentId, standings });
  }

  private requestWave(): void {
    // Before the start nobody is paired (the database would refuse the pairs, and take it for a takeover): the
    // start asks for the first wave.
    if (this.stopped || !this.started) return;
    if (this.waving) {
      this.waveAgain = true;
      return;
    }
    if (this.waveTimer !== null) return;
    this.waveTimer = this.ports.timers.setTimeout(() => {
      this.waveTimer = null;
      this.track(this.wave()).catch(() => {
        this.waveAgain = false;
        if (!this.stopped) this.waveTimer = this.ports.timers.setTimeout(() => this.retryWave(), RETRY_MS);
      });
    }, WAVE_DELAY_MS);
  }

  private retryWave(): void {
    this.waveTimer = null;
    this.requestWave();
  }

  /**
   * One pairing wave over the players here, free and not paused; one wave at a time. The wave is over once its
   * pairs are stored (their players are busy in the database and in memory): the games start after it, so a
   * wave that starts many games does not hold back the next one.
   */
  private async wave(): Promise<void> {
    if (this.stopped) return;
    this.waving = true;
    let games: ArenaGameStart[] = [];
    try {
      const standings = this.roster.ranked();
      const computed = await this.pairInTurns(standings);
      if (computed === undefined) return;
      // A player who left the page while the wave was computed is not given a game; their partner waits for the
      // next wave. A game that ended or a pause meanwhile is the database's to refuse (below).
      const here = this.ports.presence.here(this.tournamentId);
      const pairs = computed.filter((p) => here.has(p.white) && here.has(p.black));
      if (pairs.length < computed.length) this.waveAgain = true;
      if (pairs.length === 0) return;
      const named = pairs.map((p) => ({ gameId: this.ports.newGameId(), ...p }));
      const stored = await this.ports.repo.pair(this.tournamentId, this.epoch, named);
      if (!stored) return this.depose();
      this.roster.paired(stored.map((p) => ({ gameId: p.gameId, whiteId: p.white, blackId: p.black })));
      if (stored.length < named.length) {
        // The database saw some of these players otherwise (busy, paused, closed): read them again, try later.
        const kept = new Set(stored.map((p) => p.gameId));
        await this.refresh(named.filter((p) => !kept.has(p.gameId)).flatMap((p) => [p.white, p.black]));
        this.retryLater();
      }
      const names = new Map(standings.map((p) => [p.userId, p.username]));
      games = stored.map(({ gameId, white, black }) => ({
        gameId,
        tournamentId: this.tournamentId,
        white,
        black,
        names: { white: names.get(white) ?? "?", black: names.get(black) ?? "?" },
        settings: this.settings,
      }));
    } finally {
      this.waving = false;
      if (this.waveAgain) {
        this.waveAgain = false;
        this.requestWave();
      }
    }
    if (games.length > 0) await this.startGames(games);
  }

  /**
   * The wave's pairs, one exact group matched per turn of the event loop (a wave of 500 waiting is some 27 ms of
   * matching, which every move arriving meanwhile would wait behind); undefined if the director stopped meanwhile.
   */
  private async pairInTurns(
    standings: ReadonlyArray<ArenaPlayerRecord & { rank: number }>,
  ): Promise<ArenaPair[] | undefined> {
    const steps = pairWaitingSteps(standings, this.ports.presence.here(this.tournamentId), this.ports.random);
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) return step.value;
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (this.stopped) return undefined;
    }
  }

  /**
   * Starts a wave's games, START_BATCH at a time with a turn of the event loop between batches: the first wave of a
   * big arena (hundreds of games) would otherwise hold the loop and the database, and every move made meanwhile
   * would wait behind it. A batch is one command to the games area (its reads and rows one statement each), and
   * each pair is told as its batch starts; a game that cannot start frees its players, who are tried again, not
   * at once.
   */
  private async startGames(games: readonly ArenaGameStart[]): Promise<void> {
    let failed = false;
    for (let i = 0; i < games.length; i += START_BATCH) {
      if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const batch = games.slice(i, i + START_BATCH);
      const started = await this.startBatch(batch);
      const live = batch.filter((_, k) => started[k]);
      if (live.length) this.ports.publish({ type: "paired", tournamentId: this.tournamentId, games: live });
      if (live.length < batch.length) failed = true;
    }
    if (failed) this.retryLater();
  }

  private async startBatch(batch: readonly ArenaGameStart[]): Promise<boolean[]> {
    const started = await this.ports.games.startMany(batch).catch(() => batch.map(() => false));
    await Promise.all(
      batch.map(async (g, k) => {
        if (started[k]) return;
        // Not given up now (the database away): the takeover's or the 30 s look gives it up later.
        if (await this.ports.repo.cancelPairing(g.gameId).catch(() => false)) this.roster.cancelled(g.gameId);
      }),
    );
    return batch.map((_, k) => started[k] === true);
  }

  private retryLater(): void {
    if (this.waveTimer === null && !this.stopped) {
      this.waveTimer = this.ports.timers.setTimeout(() => this.retryWave(), RETRY_MS);
    }
  }
}

/** Who waits (here, free, not paused) and whom they meet, from the standings: the pure step of a wave. */
export function pairWaiting(
  players: ReadonlyArray<ArenaPlayerRecord & { rank: number }>,
  here: ReadonlySet<number>,
  random: () => number,
): ArenaPair[] {
  return runSteps(pairWaitingSteps(players, here, random));
}

/** pairWaiting in steps (see pairArenaSteps): who waits is read at the first step. */
export function* pairWaitingSteps(
  players: ReadonlyArray<ArenaPlayerRecord & { rank: number }>,
  here: ReadonlySet<number>,
  random: () => number,
): PairingSteps<ArenaPair[]> {
  const waiting: ArenaWaiting[] = players
    .filter((p) => here.has(p.userId) && !p.paused && !p.closed && p.playingGameId === null)
    .map((p) => ({
      userId: p.userId,
      rating: p.rating,
      rank: p.rank,
      colors: p.results.map((r): Color => r.color),
      lastOpponent: p.results.at(-1)?.opponentId ?? null,
      clubId: p.clubId,
    }));
  if (waiting.length < 2) return [];
  const firstRound = players.every((p) => p.results.length === 0 && p.playingGameId === null);
  return (yield* pairArenaSteps({ waiting, maxRank: players.length, firstRound, random })).pairs;
}
