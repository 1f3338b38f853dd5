import {
  type Ack,
  type Actor,
  type ActorId,
  actorKey,
  Board,
  type Color,
  type ComputerLevel,
  fail,
  type GameStarted,
  type MovePayload,
  type PlayComputerPayload,
  positionEnd,
  START_FEN,
  sameActor,
} from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import type { BusEvents } from "../../bus.ts";
import { addressKey } from "../../http/addressKey.ts";
import type { RateLimiter } from "../../storage/rateLimits.ts";
import { shortId } from "../../util/ids.ts";
import { KeyedQueue } from "../../util/keyedQueue.ts";
import type { GamePlay, PlayerRef } from "../games/index.ts";
import { type EngineLine, levelSettings, MOVE_TIMEOUT_MS, pickMove, searchOf, thinkTimeMs } from "./computerLevels.ts";
import { computerLevelOf, computerPlayer } from "./computerPlayers.ts";

/** The engines as the computer uses them (an EnginePool of its own: analysis never holds a move up). */
export interface ComputerEngine {
  play(
    fen: string,
    search: () => { skill: number; depth: number; movetimeMs: number; multipv: number },
    opts: { timeoutMs: number; wanted?: () => boolean; deadline?: number },
  ): Promise<{ bestMove: string; lines: EngineLine[] }>;
}

/** Each game costs engine time: new games are limited like lobby offers, per player and per address. */
export const COMPUTER_GAMES_PER_PLAYER = { limit: 10, windowMs: 60_000 };
export const COMPUTER_GAMES_PER_ADDRESS = { limit: 30, windowMs: 60_000 };

/** A position where it is the computer's turn. */
interface Turn {
  gameId: string;
  fen: string;
  ply: number;
  /** The computer's clock: time left at `at` (its clock runs from then); null while clocks do not run. */
  clock: { leftMs: number; incrementMs: number; at: number } | null;
}

interface Tracked {
  computer: PlayerRef;
  level: ComputerLevel;
  color: Color;
}

/** A search the engines cannot take is tried again this much later (× the attempt), a few times. */
const RETRY_MS = 250;
const ENGINE_ATTEMPTS = 4;
/** Every so often each game of the computer's is looked at: a move that could not be saved is tried again. */
export const WATCH_MS = 2_000;

const actorOf = (p: PlayerRef): ActorId => ({ sessionId: p.sessionId, userId: p.userId });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

/** Any legal move of the position (the engines are out of reach), or undefined when there is none. */
function anyLegalMove(fen: string, random: () => number): string | undefined {
  const moves = Board.fromFen(fen).legalMoves();
  return moves[Math.floor(random() * moves.length)];
}

const moveOf = (uci: string): MovePayload["move"] => {
  const promotion = uci[4] as "q" | "r" | "b" | "n" | undefined;
  return { from: uci.slice(0, 2), to: uci.slice(2, 4), ...(promotion ? { promotion } : {}) };
};

/**
 * The computer opponent: starts games against Stockfish and plays its moves in them. It learns of each move
 * from the bus (`gameMoved`, published by the game's writer, so it plays where the game is written) and
 * moves through the games service like any player, with the ply it answers.
 */
export function createComputerService(deps: {
  games: Pick<GamePlay, "start" | "move" | "activeGameOf" | "snapshot" | "playersOf" | "takeback">;
  engine: ComputerEngine;
  logger: FastifyBaseLogger;
  /** Limits new games (see COMPUTER_GAMES_PER_PLAYER); none when absent. */
  limiter?: RateLimiter;
  now?: () => number;
  random?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const { games, logger } = deps;
  /** The computer's live games this node knows of. */
  const tracked = new Map<string, Tracked>();
  /** Games the computer is finding a move in, and for which position; a search whose entry went is dropped. */
  const thinking = new Map<string, { ply: number; fen: string }>();
  const starts = new KeyedQueue();
  let watcher: NodeJS.Timeout | undefined;
  let stopped = false;

  function track(gameId: string, players: PlayerRef[]): Tracked | undefined {
    const known = tracked.get(gameId);
    if (known) return known;
    const index = players.findIndex((p) => computerLevelOf(p) !== undefined);
    const computer = players[index];
    const level = computer && computerLevelOf(computer);
    if (!computer || !level) return undefined;
    const t: Tracked = { computer, level, color: index === 0 ? "w" : "b" };
    tracked.set(gameId, t);
    return t;
  }

  /** The computer's clock now: what was left at the move before, less the time since. */
  const leftNow = (clock: NonNullable<Turn["clock"]>) => clock.leftMs - Math.max(0, now() - clock.at);

  /** Finds and plays the computer's move at `turn`: one search per game at a time, the latest position's. */
  async function reply(turn: Turn): Promise<void> {
    const game = tracked.get(turn.gameId);
    const current = thinking.get(turn.gameId);
    if (!game || (current?.ply === turn.ply && current.fen === turn.fen)) return;
    const token = { ply: turn.ply, fen: turn.fen };
    thinking.set(turn.gameId, token);
    const wanted = () => !stopped && tracked.has(turn.gameId) && thinking.get(turn.gameId) === token;
    try {
      const uci = await chooseMove(game.level, turn, wanted);
      if (!uci || !wanted()) return;
      // The position may have changed meanwhile (a takeback, on this node or another): the move is for this one.
      const live = await games.snapshot(actorOf(game.computer), turn.gameId);
      if (live?.status !== "active" || live.fen !== turn.fen || live.ply !== turn.ply) return;
      const answer = await games.move(actorOf(game.computer), {
        gameId: turn.gameId,
        move: moveOf(uci),
        ply: turn.ply,
      });
      if (!answer.ok) logger.debug({ gameId: turn.gameId, code: answer.code }, "computer move not played");
    } catch (err) {
      logger.warn({ err, gameId: turn.gameId }, "computer move failed");
    } finally {
      if (thinking.get(turn.gameId) === token) thinking.delete(turn.gameId);
    }
  }

  async function chooseMove(level: ComputerLevel, turn: Turn, wanted: () => boolean): Promise<string | undefined> {
    // Thought over when an engine takes it up: the wait comes off the level's time and the computer's clock.
    const askedAt = now();
    const search = () =>
      searchOf(
        level,
        thinkTimeMs(
          level,
          turn.clock && { leftMs: leftNow(turn.clock), incrementMs: turn.clock.incrementMs },
          now() - askedAt,
        ),
      );
    const { moveTimeMs } = levelSettings(level);
    const timeoutMs = Math.min(MOVE_TIMEOUT_MS, moveTimeMs + 1_000);
    const deadline = askedAt + moveTimeMs;
    for (let attempt = 1; attempt <= ENGINE_ATTEMPTS; attempt++) {
      if (!wanted()) return undefined;
      try {
        const found = await deps.engine.play(turn.fen, search, { timeoutMs, wanted, deadline });
        if (found.bestMove === "(none)") return wanted() ? anyLegalMove(turn.fen, random) : undefined;
        return pickMove(level, found.bestMove, found.lines, random);
      } catch (err) {
        logger.warn({ err, gameId: turn.gameId, attempt }, "computer engine did not answer");
        await sleep(RETRY_MS * attempt);
      }
    }
    // Rather any legal move than a game that waits for the computer's flag to fall.
    return wanted() ? anyLegalMove(turn.fen, random) : undefined;
  }

  /** Looks at a game of the computer's and answers if it is its turn and nothing is on the way. */
  async function nudge(gameId: string): Promise<void> {
    const game = tracked.get(gameId);
    if (!game || thinking.has(gameId)) return;
    const s: GameStarted | undefined = await games.snapshot(actorOf(game.computer), gameId);
    if (s?.status !== "active") {
      tracked.delete(gameId);
      return;
    }
    if (s.currentTurn !== game.color || thinking.has(gameId)) return;
    void reply({
      gameId,
      fen: s.fen,
      ply: s.ply,
      clock: s.clockRunning ? { leftMs: s.timeLeft[game.color], incrementMs: s.increment * 1000, at: now() } : null,
    });
  }

  return {
    /** Starts a game against the computer for `actor`, who is not playing one. */
    async play(
      actor: Pick<Actor, "sessionId" | "userId" | "username" | "address">,
      p: PlayComputerPayload,
    ): Promise<Ack<{ gameId: string }>> {
      let board: Board;
      try {
        board = Board.fromFen(p.fen ?? START_FEN);
      } catch (err) {
        return fail("invalid_fen", err instanceof Error ? err.message : `Invalid FEN: ${p.fen}`);
      }
      if (positionEnd(board)) return fail("invalid_fen", "Invalid FEN: the game is already over in this position");
      // The schema asks for both unless the game is untimed; this says so to the types.
      const clock = p.untimed
        ? ({ untimed: true, baseTime: 0, increment: 0 } as const)
        : p.baseTime !== undefined && p.increment !== undefined
          ? { baseTime: p.baseTime, increment: p.increment }
          : undefined;
      if (!clock) return fail("validation", "baseTime and increment are needed unless the game is untimed");
      const level = p.level as ComputerLevel;
      // One start at a time per player, so that two clicks never make two games.
      return starts.run(actorKey(actor), async () => {
        if (await games.activeGameOf(actor)) return fail("busy", "You are already playing a game");
        if (deps.limiter) {
          const { limit, windowMs } = COMPUTER_GAMES_PER_PLAYER;
          if (!(await deps.limiter.hit(`computer:${actorKey(actor)}`, limit, windowMs)).ok) {
            return fail("rate_limited", "You are starting games too fast - wait a moment");
          }
          if (actor.address !== undefined) {
            const perAddress = COMPUTER_GAMES_PER_ADDRESS;
            const network = `computer:ip:${addressKey(actor.address)}`;
            if (!(await deps.limiter.hit(network, perAddress.limit, perAddress.windowMs)).ok) {
              return fail("rate_limited", "Too many games from your address - wait a moment");
            }
          }
        }
        const human: PlayerRef = { sessionId: actor.sessionId, userId: actor.userId, name: actor.username };
        const computer = computerPlayer(level, shortId());
        const humanColor: Color = p.color === "white" ? "w" : p.color === "black" ? "b" : random() < 0.5 ? "w" : "b";
        const round = await games.start({
          white: humanColor === "w" ? human : computer,
          black: humanColor === "w" ? computer : human,
          // A position with Chess960 castling rights (a shuffled free board) is played as Chess960.
          variant: board.chess960 ? "fun" : "standard",
          ...clock,
          againstComputer: true,
          ...(p.fen ? { initialFen: board.fen() } : {}),
        });
        track(round.id, [round.players.w, round.players.b]);
        if (round.board.turn() !== humanColor) {
          void reply({ gameId: round.id, fen: round.board.fen(), ply: round.ply, clock: null });
        }
        return { ok: true, data: { gameId: round.id } };
      });
    },

    /** Against the computer only: the caller's last move and the computer's reply go. */
    async takeback(actor: ActorId, gameId: string): Promise<Ack<{ ply: number }>> {
      const players = await games.playersOf(gameId);
      if (players.length === 0) return fail("not_found", "Game not found");
      if (!players.some((p) => sameActor(p, actor))) return fail("forbidden", "You are not playing this game");
      if (!players.some((p) => computerLevelOf(p) !== undefined)) {
        return fail("not_computer", "Takebacks are only allowed against the computer");
      }
      track(gameId, players);
      // A move the computer is finding for the position before is dropped.
      thinking.delete(gameId);
      const answer = await games.takeback(actor, gameId);
      // Refused (nothing to take back, not the caller's game): the computer may have been interrupted.
      if (!answer.ok) await nudge(gameId).catch(() => {});
      return answer;
    },

    /** A move was played in a game this node writes: the computer answers if it is its turn. */
    moved(e: BusEvents["gameMoved"]): void {
      const game = track(e.gameId, e.players);
      if (!game || e.turn !== game.color) return;
      void reply({
        gameId: e.gameId,
        fen: e.fen,
        ply: e.ply,
        clock: e.clockRunning ? { leftMs: e.timeLeft[game.color], incrementMs: e.incrementMs, at: now() } : null,
      });
    },

    /** This node writes a game it did not start (a restart, a takeover): the computer moves there if it is its turn. */
    adopted(e: BusEvents["gameAdopted"]): void {
      if (!track(e.gameId, e.players)) return;
      nudge(e.gameId).catch((err: unknown) => logger.warn({ err, gameId: e.gameId }, "computer game not resumed"));
    },

    finished(gameId: string): void {
      tracked.delete(gameId);
      thinking.delete(gameId);
    },

    /**
     * After a start, once the live games this node writes are reloaded (each one `adopted`): the computer's
     * games are watched from now on. Returns how many it has.
     */
    resume(): number {
      watcher ??= setInterval(() => {
        for (const id of tracked.keys()) void nudge(id).catch(() => {});
      }, WATCH_MS);
      watcher.unref();
      return tracked.size;
    },

    /** The server stops: no more moves (one found now would meet a closing database). */
    stop(): void {
      stopped = true;
      clearInterval(watcher);
      watcher = undefined;
    },

    /** Games of the computer's this node knows, and how many it is thinking in (for /health and benches). */
    stats: () => ({ games: tracked.size, thinking: thinking.size }),
  };
}

export type ComputerService = ReturnType<typeof createComputerService>;
