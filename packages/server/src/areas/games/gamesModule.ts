import { type ByColor, MESSAGES, type TimeClass, type Variant } from "@chess/shared";
import type { BusEvents } from "../../bus.ts";
import type { Core } from "../../core.ts";
import type { AreaModule } from "../../mount.ts";
import { settledWithin } from "../../util/settledWithin.ts";
import type { AccountsModule, Callers } from "../accounts/index.ts";
import type { Blocks } from "../friends/index.ts";
import type { PreferencesModule } from "../preferences/index.ts";
import { type EndingGame, finishedEvent, finishingOf, type Result } from "./gameFinisher.ts";
import { localLeases, RENEW_MS, redisLeases } from "./gameLeases.ts";
import { socketNotifier } from "./gamesNotifier.ts";
import { createGamesRepo, type RatingInfo, StaleOwnerError } from "./gamesRepo.ts";
import { registerGamesRoutes } from "./gamesRoutes.ts";
import { createGamesService, type GameCall, type GamesService } from "./gamesService.ts";
import { followActiveGame, gamesSocketEvents } from "./gamesSocket.ts";
import { createRematches } from "./rematches.ts";
import { createRematchStore } from "./rematchStore.ts";

/** What other areas may do in live games: start them, act as a player, ask who plays. */
export type GamePlay = Pick<
  GamesService,
  "start" | "startMany" | "move" | "takeback" | "activeGameOf" | "snapshot" | "playersOf" | "isPlayer"
>;

/** What other areas may read of stored games. */
export interface GameRecords {
  /** A player's rating in a variant and time class, and how many rated games it rests on. */
  rating(userId: number, variant: Variant, timeClass: TimeClass): Promise<RatingInfo>;
  /** Games being played now, per time control: the pairing tiles show them. */
  liveCounts: ReturnType<typeof createGamesRepo>["liveCounts"];
  exists(gameId: string): Promise<boolean>;
  /** Those of these games being played now. */
  active(gameIds: string[]): Promise<Set<string>>;
  /** How each of these games ended ("white", "black", "draw", or "none" when aborted); absent while one goes on. */
  outcomes(gameIds: string[]): Promise<Map<string, string>>;
  /** Where every game in progress stands now (fair play: the engine helps none of them). */
  livePositions: ReturnType<typeof createGamesRepo>["livePositions"];
  /** A game's start position and UCI moves, and whether it is still being played (for analysis). */
  line(gameId: string): Promise<{ initialFen: string; uciMoves: string[]; active: boolean } | undefined>;
  /** The games a player is in now, live and daily (an account's every one; a guest's live game). */
  inPlay(player: { userId: number | null; sessionId: string }): Promise<string[]>;
  /**
   * How a game ended, as gameFinished would have said it (for an area that may have missed the event: a node
   * killed between the end's commit and its publishing); "active" while it is played, undefined if unknown.
   */
  ending(
    gameId: string,
  ): Promise<"active" | Omit<BusEvents["gameFinished"], "variant" | "timeClass" | "ratingsChanged"> | undefined>;
}

/**
 * The games area's one way of ending a game no node holds (a daily game): result, ratings and history in one
 * transaction (gameFinisher.ts, the repo's finishGame), then `gameFinished` on the bus.
 */
export interface GameFinisher {
  /**
   * Ends `game` with `result` at `now`: `finished`, or `over` when it had ended already, or `moved` when a move
   * was stored since the game was read (`EndingGame.storedPly`): nothing is then written or told.
   */
  finish(game: EndingGame, result: Result, now: number): Promise<{ outcome: FinishOutcome; change: ByColor<number> }>;
}

export type FinishOutcome = "finished" | "over" | "moved";

/** A node's sign of life in the database: a killed node's games are charged until its last one. */
const HEARTBEAT_MS = 500;
const SWEEP_MS = 1_000;
const REMATCH_SWEEP_MS = 60_000;
/** A stopping node's last writes, bounded: it exits within its 10 s whatever Redis and the database do. */
const HAND_OVER_MS = 3_000;
const LAST_HEARTBEAT_MS = 1_000;
/** Heartbeats failing this long (four in a row) mean the node cannot write: /health says so. */
const WRITES_FAILING_MS = 2_000;

/** Live games, rematches and the games' HTTP history. Other areas get `play`, `records` and `seating`. */
export function gamesModule(
  core: Core,
  ports: {
    callers: Callers;
    closing: AccountsModule["closing"];
    blocks: Pick<Blocks, "between">;
    choices: PreferencesModule["choices"];
  },
) {
  const { config, redis, nodeBus, nodeId, logger } = core;
  const repo = createGamesRepo(core.db);
  const notifier = socketNotifier(core.io);
  /** Players who never connect and never leave (the computer): no "opponent left" countdown against them. */
  const alwaysSeated: Array<(key: string) => boolean> = [];
  const games = createGamesService({
    repo,
    notifier,
    // A player counts as there while at the board (realtime/boards.ts).
    isOnline: (key) => alwaysSeated.some((seated) => seated(key)) || core.seats.isOnline(key),
    logger,
    bus: core.bus,
    leases: redis ? redisLeases(redis, config.redisPrefix, nodeId) : localLeases(nodeId),
    forward: nodeBus ? (node, call, timeoutMs = 3_000) => nodeBus.ask(node, "game", call, timeoutMs) : undefined,
    isNodeAlive: nodeBus ? (node) => nodeBus.isListening(node) : undefined,
    firstMoveMs: config.firstMoveMs,
    takebackChoices: (userIds) => ports.choices.takebacksOf(userIds),
    // Every move is answered within the statement timeout, whatever the database does.
    answerWithinMs: config.statementTimeoutMs,
  });
  nodeBus?.on("game", (call) => games.serve(call as GameCall));
  core.seats.onChange((key, online, departure) => games.presenceChanged(key, online, departure));

  const rematches = createRematches({
    repo,
    games,
    notifier,
    store: createRematchStore(core.db),
    blockedEitherWay: (a, b) => ports.blocks.between(a, b),
    settleWithinMs: config.statementTimeoutMs,
  });
  ports.closing.guard(async (userId) =>
    (await games.activeGameOf({ userId, sessionId: "" })) !== undefined ? MESSAGES.closeWhilePlaying : undefined,
  );
  core.bus.subscribe("guestSignedIn", ({ guestSessionId, userId, username, sessionId }) =>
    games
      .adoptSeat({ sessionId: guestSessionId, userId: null }, { sessionId, userId, name: username })
      .catch((err: unknown) => logger.warn({ err, userId }, "a guest's live game kept its guest seat")),
  );
  core.bus.subscribe("accountClosed", ({ userId }) =>
    rematches.accountClosed(userId).catch((err: unknown) => logger.warn({ err, userId }, "rematch offers kept")),
  );

  // The heartbeat is also the node's probe of its own writes: while it fails, moves cannot be stored either.
  let lastWritten = Date.now();
  const heartbeat = () =>
    repo.heartbeat(nodeId, new Date()).then(() => {
      lastWritten = Date.now();
    });
  const area: AreaModule = {
    name: "games",
    routes: (app) =>
      registerGamesRoutes(app, {
        repo,
        rematches,
        identify: (req, bodySessionId) => ports.callers.identifyOrSession(req, bodySessionId),
      }),
    socketEvents: gamesSocketEvents({ games, rematches }),
    onConnection: followActiveGame({ games, logger }),
    timers: [
      { name: "clock sweep", everyMs: SWEEP_MS, run: () => games.sweep() },
      { name: "game lease renewal", everyMs: RENEW_MS, run: () => games.maintainLeases() },
      { name: "heartbeat", everyMs: HEARTBEAT_MS, run: heartbeat },
      { name: "rematch offer sweep", everyMs: REMATCH_SWEEP_MS, run: () => rematches.sweep() },
    ],
    health: () => ({ liveGames: games.liveCount() }),
    unavailable: () => (Date.now() - lastWritten > WRITES_FAILING_MS ? "moves cannot be stored" : undefined),
    async recover() {
      const recovered = await games.recover();
      if (recovered > 0) logger.info({ recovered }, "resumed live games");
      await heartbeat();
    },
    stop: () => games.stop(),
    // The games go to whichever node their players reach next. A node cut off from Redis or the database
    // still exits in time: the leases it could not hand back lapse, and another node takes their games over.
    async release() {
      const [handedOver] = await Promise.all([
        settledWithin(
          games.release().then(
            () => true,
            (err: unknown) => {
              logger.warn({ err }, "games not handed over");
              return true;
            },
          ),
          HAND_OVER_MS,
        ),
        settledWithin(heartbeat(), LAST_HEARTBEAT_MS),
      ]);
      if (!handedOver) logger.warn(`games not handed over within ${HAND_OVER_MS} ms; their leases will lapse`);
    },
  };

  const records: GameRecords = {
    rating: (userId, variant, timeClass) => repo.rating(userId, variant, timeClass),
    liveCounts: () => repo.liveCounts(),
    exists: async (gameId) => (await repo.game(gameId)) !== undefined,
    active: (gameIds) => repo.activeAmong(gameIds),
    outcomes: (gameIds) => repo.outcomes(gameIds),
    livePositions: () => repo.livePositions(),
    async line(gameId) {
      const row = await repo.game(gameId);
      if (!row) return undefined;
      const moves = await repo.moves(gameId);
      return { initialFen: row.initialFen, uciMoves: moves.map((m) => m.uci), active: row.status === "active" };
    },
    async ending(gameId) {
      const row = await repo.game(gameId);
      if (!row) return undefined;
      if (row.status === "active") return "active";
      const t = row.roundState?.tournament;
      const rated = row.rated && row.whiteElo !== null && row.blackElo !== null;
      return {
        gameId,
        players: [
          { userId: row.whiteUserId, sessionId: row.whiteSessionId, name: row.whiteName },
          { userId: row.blackUserId, sessionId: row.blackSessionId, name: row.blackName },
        ],
        winningColor: row.winningColor ?? "none",
        reason: row.endReason ?? "abort",
        ...(t && row.tournamentId
          ? {
              arena: {
                tournamentId: row.tournamentId,
                plies: row.ply,
                finishedAt: row.endedAt?.getTime() ?? Date.now(),
                berserk: { w: row.roundState?.berserk?.w ?? false, b: row.roundState?.berserk?.b ?? false },
                ...(rated
                  ? {
                      ratings: {
                        w: (row.whiteElo ?? 0) + (row.whiteEloChange ?? 0),
                        b: (row.blackElo ?? 0) + (row.blackEloChange ?? 0),
                      },
                    }
                  : {}),
              },
            }
          : {}),
      };
    },
    async inPlay(player) {
      if (player.userId !== null) return repo.inPlayOf(player.userId);
      const live = await repo.activeGameOf(player);
      return live ? [live] : [];
    },
  };
  const finisher: GameFinisher = {
    async finish(game, result, now) {
      const { write, change } = finishingOf(game, result, now);
      let finished: boolean;
      try {
        finished = await repo.finishGame(write);
      } catch (err) {
        if (err instanceof StaleOwnerError) return { outcome: "moved", change };
        throw err;
      }
      if (finished) core.bus.publish("gameFinished", finishedEvent(game, result, write));
      return { outcome: finished ? "finished" : "over", change };
    },
  };
  return {
    area,
    play: games as GamePlay,
    records,
    finisher,
    /** An area whose players never connect (the computer) says which presence keys are always at the board. */
    seating: { alwaysSeated: (isKey: (key: string) => boolean) => void alwaysSeated.push(isKey) },
  };
}

export type GamesModule = ReturnType<typeof gamesModule>;
