import {
  type Ack,
  type ByColor,
  type Color,
  creditClock,
  deltaFor,
  type EndReason,
  eloDeltas,
  type GameStarted,
  type MovePayload,
  NO_ELO_CHANGE,
  newClock,
  type Outcome,
  other,
  timeClassOf,
  type Variant,
  type WinningColor,
} from "@chess/shared";
import { Chess } from "chess.js";
import type { FastifyBaseLogger } from "fastify";
import { shortId } from "../../util/ids.ts";
import { KeyedQueue } from "../../util/keyedQueue.ts";
import {
  clocksNow,
  colorOf,
  DRAW_OFFER_EVERY_PLIES,
  FIRST_MOVE_MS,
  flaggedSide,
  flagResult,
  type GameRound,
  GONE_CLAIM_MS,
  type PlayerRef,
  playMove,
  undoLastMove,
} from "./gameRound.ts";
import { roundFromRow } from "./gameRows.ts";
import { gameOverJson, gameStartedJson, updateJson } from "./gamesJson.ts";
import type { GameNotifier } from "./gamesNotifier.ts";
import type { GamesRepo } from "./gamesRepo.ts";
import { MoveWriter } from "./moveWriter.ts";

export interface Actor {
  sessionId: string;
  userId: number | null;
}

export interface NewGame {
  white: PlayerRef;
  black: PlayerRef;
  variant: Variant;
  baseTime: number;
  increment: number;
  initialFen?: string;
  clubId?: number | null;
  rematchOf?: string;
}

type Result = { winningColor: WinningColor | "none"; reason: EndReason };

const fail = (code: string, message: string): Ack<never> => ({ ok: false, code, message });
const playerKey = (p: Actor) => (p.userId !== null ? `u:${p.userId}` : `s:${p.sessionId}`);

export function createGamesService(deps: {
  repo: GamesRepo;
  notifier: GameNotifier;
  isOnline: (key: string) => boolean;
  logger: FastifyBaseLogger;
  /** A rated game ended: ratings of that category changed. */
  onRatedGameEnded?: (variant: string, timeClass: string) => void;
  now?: () => number;
}) {
  const { repo, notifier, logger } = deps;
  const now = deps.now ?? Date.now;
  const rounds = new Map<string, GameRound>();
  const activeByPlayer = new Map<string, string>();
  const queue = new KeyedQueue();
  const timers = new Map<string, NodeJS.Timeout>();
  const writer = new MoveWriter(repo);

  function register(round: GameRound) {
    rounds.set(round.id, round);
    activeByPlayer.set(playerKey(round.players.w), round.id);
    activeByPlayer.set(playerKey(round.players.b), round.id);
    schedule(round);
  }

  function unregister(round: GameRound) {
    rounds.delete(round.id);
    for (const c of ["w", "b"] as const) {
      const key = playerKey(round.players[c]);
      if (activeByPlayer.get(key) === round.id) activeByPlayer.delete(key);
    }
    clearTimeout(timers.get(round.id));
    timers.delete(round.id);
  }

  /** One timer per game at its next deadline (flag or first move); the sweeper backs it up. */
  function schedule(round: GameRound) {
    clearTimeout(timers.get(round.id));
    const flag =
      round.clock.runningSince === null ? null : round.clock.runningSince + round.clock.remaining[round.clock.turn];
    const due = Math.min(flag ?? Number.POSITIVE_INFINITY, round.firstMoveDeadline ?? Number.POSITIVE_INFINITY);
    if (!Number.isFinite(due)) return;
    const t = setTimeout(() => void check(round.id), Math.max(0, due - now()) + 5);
    t.unref();
    timers.set(round.id, t);
  }

  /** Ends the game if its clock, first-move deadline or position says so. Serialized. */
  function check(gameId: string): Promise<void> {
    return queue
      .run(gameId, async () => {
        const round = rounds.get(gameId);
        if (round?.status !== "active") return;
        const t = now();
        const flagged = flaggedSide(round, t);
        if (flagged) return finish(round, flagResult(round, flagged));
        if (round.firstMoveDeadline !== null && t >= round.firstMoveDeadline) {
          return finish(round, { winningColor: "none", reason: "abort" });
        }
      })
      .catch((err: unknown) => logger.warn({ err, gameId }, "game check failed; will retry"));
  }

  async function finish(round: GameRound, result: Result): Promise<void> {
    const t = now();
    const aborted = result.reason === "abort";
    const outcomeOf = (c: Color): Outcome =>
      result.winningColor === "draw"
        ? "draw"
        : result.winningColor === (c === "w" ? "white" : "black")
          ? "win"
          : "loss";
    const change = { w: 0, b: 0 };
    const ratingChanges = [];
    if (round.rated && !aborted) {
      for (const c of ["w", "b"] as const) {
        const p = round.players[c];
        const startElo = round.elo[c];
        if (p.userId === null || startElo === null) continue;
        const outcome = outcomeOf(c);
        change[c] = deltaFor(round.deltas[c], outcome);
        ratingChanges.push({
          userId: p.userId,
          variant: round.variant,
          timeClass: round.timeClass,
          startElo,
          delta: change[c],
          outcome,
        });
      }
    }
    const left = clocksNow(round, t);
    const clock = { ...round.clock, remaining: left, runningSince: null };
    await repo.finishGame({
      gameId: round.id,
      status: aborted ? "aborted" : "finished",
      fen: round.chess.fen(),
      ply: round.ply,
      moves: round.sanMoves.join(" "),
      winningColor: result.winningColor,
      endReason: result.reason,
      clock,
      endedAt: new Date(t),
      ratingChanges,
      whiteEloChange: round.rated && !aborted ? change.w : null,
      blackEloChange: round.rated && !aborted ? change.b : null,
      club:
        round.rated &&
        !aborted &&
        round.clubId !== null &&
        round.players.w.userId !== null &&
        round.players.b.userId !== null
          ? {
              clubId: round.clubId,
              variant: round.variant,
              timeClass: round.timeClass,
              white: round.players.w.userId,
              black: round.players.b.userId,
              whiteScore: result.winningColor === "white" ? 1 : result.winningColor === "draw" ? 0.5 : 0,
            }
          : undefined,
    });
    round.clock = clock;
    round.status = aborted ? "aborted" : "finished";
    round.result = result;
    round.eventNo += 1;
    unregister(round);
    if (ratingChanges.length > 0) deps.onRatedGameEnded?.(round.variant, round.timeClass);
    notifier.toGame(round.id, "gameOver", gameOverJson(round, result, change));
  }

  /** Runs `fn` as the game's writer for the actor's game (named, or their current one). */
  function act<T = undefined>(
    actor: Actor,
    gameId: string | undefined,
    fn: (round: GameRound, color: Color) => Promise<Ack<T>>,
  ): Promise<Ack<T>> {
    const id = gameId ?? activeByPlayer.get(playerKey(actor));
    if (!id) return Promise.resolve(fail("no_game", "You are not playing a game"));
    return queue.run(id, async () => {
      const round = rounds.get(id);
      if (!round) return fail("no_game", "This game is not being played");
      const color = colorOf(round, actor);
      if (!color) return fail("forbidden", "You are not playing this game");
      if (round.status !== "active") return fail("over", "This game is over");
      return fn(round, color);
    });
  }

  return {
    /** The game the actor is playing now, if any. */
    activeGameOf(actor: Actor): string | undefined {
      return activeByPlayer.get(playerKey(actor));
    },

    /** Creates, persists and announces a game; each player gets gameStarted. */
    async start(g: NewGame): Promise<GameRound> {
      const tc = { baseTime: g.baseTime, increment: g.increment };
      const timeClass = timeClassOf(tc);
      const rated = g.white.userId !== null && g.black.userId !== null;
      const [wr, br] = rated
        ? await Promise.all([
            repo.rating(g.white.userId as number, g.variant, timeClass),
            repo.rating(g.black.userId as number, g.variant, timeClass),
          ])
        : [null, null];
      const deltas = {
        w: wr && br ? eloDeltas(wr.elo, br.elo, wr.games) : NO_ELO_CHANGE,
        b: wr && br ? eloDeltas(br.elo, wr.elo, br.games) : NO_ELO_CHANGE,
      };
      const chess = new Chess(g.initialFen);
      const baseMs = Math.round(g.baseTime * 60_000);
      const incrementMs = g.increment * 1000;
      const t = now();
      const round: GameRound = {
        id: shortId(),
        variant: g.variant,
        timeClass,
        baseMs,
        incrementMs,
        initialFen: chess.fen(),
        rated,
        clubId: g.clubId ?? null,
        players: { w: g.white, b: g.black },
        elo: { w: wr?.elo ?? null, b: br?.elo ?? null },
        deltas,
        chess,
        sanMoves: [],
        lastMove: null,
        clock: { ...newClock(baseMs, incrementMs), turn: chess.turn() },
        ply: 0,
        status: "active",
        result: null,
        drawOfferBy: null,
        lastDrawOfferPly: { w: -100, b: -100 },
        firstMoveDeadline: t + FIRST_MOVE_MS[timeClass],
        goneSince: { w: null, b: null },
        eventNo: 0,
        createdAt: t,
      };
      await repo.insertGame({
        id: round.id,
        variant: round.variant,
        timeClass,
        baseMs,
        incrementMs,
        initialFen: round.initialFen,
        whiteUserId: g.white.userId,
        blackUserId: g.black.userId,
        whiteSessionId: g.white.sessionId,
        blackSessionId: g.black.sessionId,
        whiteName: g.white.name,
        blackName: g.black.name,
        rated,
        clubId: g.clubId ?? null,
        whiteElo: round.elo.w,
        blackElo: round.elo.b,
        whiteDeltas: deltas.w,
        blackDeltas: deltas.b,
        status: "active",
        fen: round.initialFen,
        clock: round.clock,
        rematchOf: g.rematchOf ?? null,
        createdAt: new Date(t),
      });
      register(round);
      for (const c of ["w", "b"] as const) {
        notifier.joinGame(round.players[c], round.id);
        notifier.toPlayer(round.players[c], "gameStarted", gameStartedJson(round, c, t));
      }
      return round;
    },

    move(actor: Actor, payload: MovePayload): Promise<Ack<{ ply: number; duplicate?: boolean }>> {
      return act<{ ply: number; duplicate?: boolean }>(actor, payload.gameId, async (round, color) => {
        const before = {
          clock: round.clock,
          lastMove: round.lastMove,
          drawOfferBy: round.drawOfferBy,
          firstMoveDeadline: round.firstMoveDeadline,
        };
        const t = now();
        const outcome = playMove(round, color, payload.move, payload.ply, t, payload.lag);
        if (outcome.kind === "duplicate") return { ok: true, data: { ply: round.ply, duplicate: true } };
        if (outcome.kind === "rejected") return fail(outcome.code, outcome.message);
        if (outcome.kind === "flagged") {
          await finish(round, flagResult(round, outcome.loser));
          return fail("flagged", "Your time ran out");
        }
        const left = clocksNow(round, t);
        try {
          await writer.write({
            gameId: round.id,
            ply: round.ply,
            san: outcome.move.san,
            uci: outcome.uci,
            fen: round.chess.fen(),
            clock: round.clock,
            whiteMs: left.w,
            blackMs: left.b,
            movedAt: new Date(t),
          });
        } catch (err) {
          undoLastMove(round, before);
          logger.error({ err, gameId: round.id }, "move not persisted");
          return fail("unavailable", "The move could not be saved - please try again");
        }
        round.eventNo += 1;
        notifier.toGame(round.id, "update", updateJson(round, outcome.move, t));
        if (outcome.end)
          await finish(round, outcome.end).catch((err: unknown) => logger.error({ err }, "finish failed"));
        else schedule(round);
        return { ok: true, data: { ply: round.ply } };
      });
    },

    resign(actor: Actor, gameId?: string): Promise<Ack> {
      return act(actor, gameId, async (round, color) => {
        if (round.ply < 2) {
          await finish(round, { winningColor: "none", reason: "abort" });
          return { ok: true };
        }
        await finish(round, { winningColor: color === "w" ? "black" : "white", reason: "resign" });
        return { ok: true };
      });
    },

    abort(actor: Actor, gameId?: string): Promise<Ack> {
      return act(actor, gameId, async (round) => {
        if (round.ply >= 2) return fail("too_late", "The game can no longer be aborted");
        await finish(round, { winningColor: "none", reason: "abort" });
        return { ok: true };
      });
    },

    offerDraw(actor: Actor, gameId?: string): Promise<Ack> {
      return act(actor, gameId, async (round, color) => {
        if (round.drawOfferBy === other(color)) {
          await finish(round, { winningColor: "draw", reason: "draw" });
          return { ok: true };
        }
        if (round.drawOfferBy === color) return fail("pending", "Your draw offer is waiting for an answer");
        if (round.ply - round.lastDrawOfferPly[color] < DRAW_OFFER_EVERY_PLIES && round.lastDrawOfferPly[color] >= 0) {
          return fail("too_soon", "You offered a draw recently - wait a few moves");
        }
        round.drawOfferBy = color;
        round.lastDrawOfferPly[color] = round.ply;
        round.eventNo += 1;
        notifier.toPlayer(round.players[other(color)], "offerDraw", {
          gameId: round.id,
          by: round.players[color].name,
        });
        return { ok: true };
      });
    },

    acceptDraw(actor: Actor, gameId?: string): Promise<Ack> {
      return act(actor, gameId, async (round, color) => {
        if (round.drawOfferBy !== other(color)) return fail("no_offer", "There is no draw offer to accept");
        await finish(round, { winningColor: "draw", reason: "draw" });
        return { ok: true };
      });
    },

    declineDraw(actor: Actor, gameId?: string): Promise<Ack> {
      return act(actor, gameId, async (round, color) => {
        if (round.drawOfferBy !== other(color)) return fail("no_offer", "There is no draw offer to decline");
        round.drawOfferBy = null;
        round.eventNo += 1;
        notifier.toPlayer(round.players[other(color)], "drawDeclined", { gameId: round.id });
        return { ok: true };
      });
    },

    /** The opponent has been gone long enough: the present player takes the win. */
    claimVictory(actor: Actor, gameId?: string): Promise<Ack> {
      return act(actor, gameId, async (round, color) => {
        const gone = round.goneSince[other(color)];
        if (gone === null) return fail("not_gone", "Your opponent is still here");
        if (now() < gone + GONE_CLAIM_MS[round.timeClass]) return fail("too_soon", "Wait for the countdown to end");
        const result: Result =
          round.ply < 2
            ? { winningColor: "none", reason: "abort" }
            : { winningColor: color === "w" ? "white" : "black", reason: "abandon" };
        await finish(round, result);
        return { ok: true };
      });
    },

    /** The two players of a game (live or finished). */
    async playersOf(gameId: string): Promise<PlayerRef[]> {
      const round = rounds.get(gameId) ?? (await loadRound(gameId));
      return round ? [round.players.w, round.players.b] : [];
    },

    /** Whether the actor is one of the game's two players (live or finished). */
    async isPlayer(actor: Actor, gameId: string): Promise<boolean> {
      const round = rounds.get(gameId) ?? (await loadRound(gameId));
      return round !== undefined && colorOf(round, actor) !== undefined;
    },

    /** The game as `actor` sees it (a player, or a spectator), live or from the database. */
    async snapshot(actor: Actor, gameId: string): Promise<GameStarted | undefined> {
      const live = rounds.get(gameId);
      const round = live ?? (await loadRound(gameId));
      if (!round) return undefined;
      return gameStartedJson(round, colorOf(round, actor) ?? "spectator", now());
    },

    /** A player's last socket left or one came back: start or stop the opponent's countdown. */
    presenceChanged(key: string, online: boolean): void {
      const id = activeByPlayer.get(key);
      const round = id ? rounds.get(id) : undefined;
      if (!round) return;
      const color = playerKey(round.players.w) === key ? "w" : "b";
      const t = now();
      round.goneSince[color] = online ? null : t;
      notifier.toPlayer(round.players[other(color)], "opponentPresence", {
        gameId: round.id,
        connected: online,
        ...(online ? {} : { claimableAt: t + GONE_CLAIM_MS[round.timeClass] }),
      });
    },

    /** Backs up the timers: every active game whose deadline passed is checked. */
    sweep(): void {
      const t = now();
      for (const round of rounds.values()) {
        const due = flaggedSide(round, t) || (round.firstMoveDeadline !== null && t >= round.firstMoveDeadline);
        if (due) void check(round.id);
      }
    },

    /** Reloads active games after a start; the side to move is charged only until the last sign of life. */
    async recover(): Promise<number> {
      const rows = await repo.activeGames();
      const lastAlive = (await repo.lastHeartbeat())?.getTime();
      const t = now();
      for (const row of rows) {
        const round = roundFromRow(row, await repo.moves(row.id));
        if (round.clock.runningSince !== null) {
          const charged = Math.max(0, (lastAlive ?? round.clock.runningSince) - round.clock.runningSince);
          const mover = round.clock.turn;
          const left = { ...round.clock.remaining, [mover]: round.clock.remaining[mover] - charged };
          round.clock = creditClock({ ...round.clock, remaining: left, runningSince: t }, t, { w: 0, b: 0 });
        } else {
          round.firstMoveDeadline = t + FIRST_MOVE_MS[round.timeClass];
        }
        for (const c of ["w", "b"] as const) {
          round.goneSince[c] = deps.isOnline(playerKey(round.players[c])) ? null : t;
        }
        register(round);
      }
      return rows.length;
    },

    liveCount(): number {
      return rounds.size;
    },

    stop(): void {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },

    /** For spectators and tests: both players' clocks now. */
    clocks(gameId: string): ByColor<number> | undefined {
      const round = rounds.get(gameId);
      return round ? clocksNow(round, now()) : undefined;
    },
  };

  async function loadRound(gameId: string): Promise<GameRound | undefined> {
    const row = await repo.game(gameId);
    if (!row) return undefined;
    return roundFromRow(row, await repo.moves(gameId));
  }
}

export type GamesService = ReturnType<typeof createGamesService>;
