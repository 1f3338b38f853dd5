import { type Ack, fail, other, type TimeClass } from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Bus } from "../../bus.ts";
import { finishing, type Result } from "./gameFinisher.ts";
import type { GameRound } from "./gameRound.ts";
import { roundFromRow } from "./gameRows.ts";
import { gameOverJson, updateJson } from "./gamesJson.ts";
import type { GameNotifier } from "./gamesNotifier.ts";
import { type GamesRepo, StaleOwnerError } from "./gamesRepo.ts";
import type { LiveRounds } from "./liveRounds.ts";
import type { MoveWriter } from "./moveWriter.ts";
import type { Decision, Refusal, RoundEvent } from "./roundCommands.ts";
import { roundStateOf } from "./roundState.ts";

/** Said to a player whose game another node writes now (this one lost it); their client reconnects. */
export const MOVED_MESSAGE = "This game moved to another server - reconnecting";

export type PublishAck = Ack<{ ply: number; duplicate?: boolean } | undefined>;

const refused = (r: Refusal) => fail(r.code, r.message);
const MOVED: Refusal = { code: "unavailable", message: MOVED_MESSAGE };

type OfferEvent = Extract<
  RoundEvent,
  { type: "drawOffered" | "drawDeclined" | "takebackProposed" | "takebackDeclined" }
>;
const UNSAVED_ANSWER: Record<OfferEvent["type"], string> = {
  drawOffered: "The draw offer could not be saved - please try again",
  drawDeclined: "The answer could not be saved - please try again",
  takebackProposed: "The proposal could not be saved - please try again",
  takebackDeclined: "The answer could not be saved - please try again",
};

/**
 * The one place a game's events become real (lila's round `publish`): each is committed, numbered, then
 * broadcast, in order; a command is answered only once its events are stored. The round a command was
 * decided on stays the game's until the next one is stored: then the game adopts it. Runs on the game's
 * writer.
 */
export function createRoundPublisher(deps: {
  repo: GamesRepo;
  writer: MoveWriter;
  notifier: GameNotifier;
  bus: Bus;
  rounds: LiveRounds;
  logger: FastifyBaseLogger;
  now: () => number;
  /** The database refused this node's epoch: another writer owns the game. */
  letGo: (round: GameRound) => void;
  /** A move write failed: another node may have taken the game (scaled mode). */
  writeFailed: (round: GameRound) => void;
  /** The server's own first-move limits by speed (config FIRST_MOVE_LIMITS_MS); undefined: FIRST_MOVE_MS. */
  firstMoveMs?: Record<TimeClass, number>;
}) {
  const { repo, writer, notifier, rounds, logger } = deps;
  /** Games whose end (mate, stalemate, draw by rule) is known but not yet stored. */
  const unsaved = new Map<string, Result>();
  /** Games whose last move write has an unknown outcome: read back from the database before anything else. */
  const uncertain = new Set<string>();

  /**
   * Every event that changes what a player sees of a game takes the next number: here and nowhere else.
   * `next` is a round no one else holds until it is adopted.
   */
  const number = (next: GameRound, live: GameRound) => {
    next.eventNo = live.eventNo + 1;
  };

  /** The game's round is `next`, stored: the one the game holds from now on. */
  const adopt = (live: GameRound, next: GameRound): GameRound => {
    rounds.replace(live, next);
    return next;
  };

  /** Stores the move that makes `live` `next`; the refusal when it is not stored. */
  async function commitMove(live: GameRound, next: GameRound, event: Extract<RoundEvent, { type: "moved" }>) {
    try {
      await writer.write({
        gameId: next.id,
        epoch: next.epoch,
        ply: next.ply,
        san: event.move.san,
        uci: event.uci,
        fen: next.board.fen(),
        clock: next.clock,
        movedAt: new Date(event.at),
      });
      return undefined;
    } catch (err) {
      if (err instanceof StaleOwnerError) return MOVED;
      // The write may have committed all the same (its answer lost): the database says which.
      const stored = await repo.moveAt(next.id, next.ply).catch(() => undefined);
      if (stored?.uci === event.uci) {
        logger.warn({ err, gameId: next.id }, "a move write reported failed had committed; the move stands");
        return undefined;
      }
      logger.error({ err, gameId: next.id }, "move not persisted");
      // Unknown, or another writer's move holds the ply: the game is read again before its next command.
      if (stored !== null) uncertain.add(next.id);
      deps.writeFailed(live);
      return { code: "unavailable", message: "The move could not be saved - please try again" };
    }
  }

  /**
   * The mover waited on us from `since` (their move's arrival) until the write was given up: that time is
   * theirs again, so a database stall costs nobody thinking time.
   */
  function creditStall(live: GameRound, since: number) {
    const stuck = Math.max(0, deps.now() - since);
    if (live.clock.runningSince !== null) {
      rounds.replace(live, { ...live, clock: { ...live.clock, runningSince: live.clock.runningSince + stuck } });
    } else if (live.firstMoveDeadline !== null) {
      rounds.replace(live, { ...live, firstMoveDeadline: live.firstMoveDeadline + stuck });
    }
  }

  /** Stores what a player sees of the round beyond its moves; false when it could not be stored. */
  async function saveState(round: GameRound): Promise<boolean> {
    try {
      await repo.saveRoundState(round.id, round.epoch, roundStateOf(round));
      return true;
    } catch (err) {
      if (err instanceof StaleOwnerError) deps.letGo(round);
      logger.warn({ err, gameId: round.id }, "round state not saved");
      return false;
    }
  }

  /** Ends the game: the result and ratings stored, then the players told. Throws when it is not stored. */
  async function finish(round: GameRound, result: Result): Promise<void> {
    const { write, change } = finishing(round, result, deps.now());
    await repo.finishGame(write);
    unsaved.delete(round.id);
    const over: GameRound = {
      ...round,
      clock: write.clock,
      status: write.status,
      result,
      eventNo: round.eventNo + 1,
    };
    rounds.unregister(round);
    deps.bus.publish("gameFinished", {
      gameId: over.id,
      players: [over.players.w, over.players.b],
      variant: over.variant,
      timeClass: over.timeClass,
      ratingsChanged: write.ratingChanges.length > 0,
      winningColor: result.winningColor,
      reason: result.reason,
    });
    notifier.toGame(over.id, "gameOver", gameOverJson(over, result, change));
  }

  /** An offer or an answer, stored: the other side is told. */
  function tellOpponent(round: GameRound, event: OfferEvent) {
    const to = round.players[other(event.by)];
    const gameId = round.id;
    const by = round.players[event.by].name;
    if (event.type === "drawOffered") notifier.toPlayer(to, "offerDraw", { gameId, by });
    else if (event.type === "takebackProposed") notifier.toPlayer(to, "takebackProposed", { gameId, by });
    else if (event.type === "drawDeclined") notifier.toPlayer(to, "drawDeclined", { gameId });
    else notifier.toPlayer(to, "takebackDeclined", { gameId });
  }

  /** Makes a decision on `round` real: stores its events one by one, adopting the next round once they are stored. */
  async function publish(round: GameRound, decision: Decision): Promise<PublishAck> {
    if (decision.kind === "refused") return refused(decision.refusal);
    if (decision.kind === "duplicate") return { ok: true, data: { ply: round.ply, duplicate: true } };
    const { next, events } = decision;
    let live = round;
    let moved = false;
    try {
      for (const event of events) {
        switch (event.type) {
          case "moved": {
            number(next, live);
            const refusal = await commitMove(live, next, event);
            if (refusal) {
              if (refusal === MOVED) deps.letGo(live);
              else creditStall(live, event.at);
              return refused(refusal);
            }
            live = adopt(live, next);
            moved = true;
            const update = updateJson(live, event.move, event.at);
            notifier.toGame(live.id, "update", update);
            // A game that goes on: the computer opponent (or any area) may act on it. The update's position
            // and clocks serve, not computed a second time on every move.
            if (!events.some((e) => e.type === "ended")) {
              deps.bus.publish("gameMoved", {
                gameId: live.id,
                players: [live.players.w, live.players.b],
                fen: update.fen,
                turn: update.currentTurn,
                ply: update.ply,
                timeLeft: update.timeLeft,
                incrementMs: live.incrementMs,
                clockRunning: update.clockRunning,
                uci: event.uci,
              });
            }
            break;
          }
          case "takenBack": {
            number(next, live);
            let stored: boolean;
            try {
              stored = await repo.takeBack(next.id, next.epoch, next.ply, next.clock, roundStateOf(next));
            } catch (err) {
              // It may have been stored all the same: the game is read back before its next command.
              uncertain.add(next.id);
              if (err instanceof StaleOwnerError) throw err;
              return fail("unavailable", "The takeback could not be saved - please try again");
            }
            if (!stored) {
              uncertain.add(next.id);
              return fail("over", "This game is over");
            }
            live = adopt(live, next);
            notifier.toGame(live.id, "takenBack", { gameId: live.id, ply: live.ply, eventNo: live.eventNo });
            deps.bus.publish("gameTakenBack", { gameId: live.id, ply: live.ply });
            break;
          }
          case "drawOffered":
          case "drawDeclined":
          case "takebackProposed":
          case "takebackDeclined":
            number(next, live);
            if (!(await saveState(next))) {
              return fail("unavailable", UNSAVED_ANSWER[event.type]);
            }
            live = adopt(live, next);
            tellOpponent(live, event);
            break;
          case "ended":
            if (!moved) await finish(live, event.result);
            else {
              // The move stands (it is stored); its end is written again by the sweeper until it holds.
              await finish(live, event.result).catch((err: unknown) => {
                if (err instanceof StaleOwnerError) throw err;
                logger.error({ err, gameId: live.id }, "game end not saved; will retry");
                unsaved.set(live.id, event.result);
              });
            }
            break;
        }
      }
    } catch (err) {
      if (!(err instanceof StaleOwnerError)) throw err;
      deps.letGo(live);
      return refused(MOVED);
    }
    if (live.status === "active" && rounds.get(live.id) === live) rounds.schedule(live);
    if (decision.refusal) return refused(decision.refusal);
    const plyAnswer = moved || events.some((e) => e.type === "takenBack");
    return { ok: true, data: plyAnswer ? { ply: live.ply } : undefined };
  }

  async function loadRound(gameId: string): Promise<GameRound | undefined> {
    const row = await repo.game(gameId);
    if (!row) return undefined;
    return roundFromRow(row, await repo.moves(gameId), deps.firstMoveMs);
  }

  /**
   * Reads a game whose last write had an unknown outcome back from the database and puts it in place of the
   * one in memory; players are sent the move that had committed after all. On the game's writer. False
   * while the database cannot say.
   */
  async function settle(id: string): Promise<boolean> {
    let fresh: GameRound | undefined;
    try {
      fresh = await loadRound(id);
    } catch {
      return false;
    }
    uncertain.delete(id);
    const old = rounds.get(id);
    if (!old) return true;
    if (fresh?.status !== "active") {
      rounds.unregister(old);
      return true;
    }
    fresh.goneSince = old.goneSince;
    fresh.goneLeft = old.goneLeft;
    fresh.epoch = old.epoch;
    const t = deps.now();
    if (fresh.ply === old.ply) {
      // Nothing new was stored: the clock in memory stands, with the stall it credited.
      fresh.clock = old.clock;
      fresh.firstMoveDeadline = old.firstMoveDeadline;
      fresh.idleDeadline = old.idleDeadline;
    } else if (fresh.clock.runningSince !== null) {
      // The move had committed, but its opponent learns of it only now: their clock starts now.
      fresh.clock = { ...fresh.clock, runningSince: Math.max(fresh.clock.runningSince, t) };
    }
    rounds.replace(old, fresh);
    if (fresh.ply > old.ply && fresh.lastMove) {
      logger.warn({ gameId: id, ply: fresh.ply }, "a move write reported failed had committed; sent now");
      notifier.toGame(id, "update", updateJson(fresh, fresh.lastMove, t));
    }
    return true;
  }

  return {
    publish,
    finish,
    saveState,
    settle,
    loadRound,
    /** Whether the game must be read back (settle) before its next command. */
    isUncertain: (id: string) => uncertain.has(id),
    /** The stored end a game still waits for, if its first write failed. */
    unsavedEnd: (id: string) => unsaved.get(id),
    /** Games the sweeper must look at again: an end not stored, a move write of unknown outcome. */
    pending: (): string[] => [...new Set([...unsaved.keys(), ...uncertain])],
    /** This node no longer writes the game. */
    forget(id: string) {
      uncertain.delete(id);
      unsaved.delete(id);
    },
  };
}

export type RoundPublisher = ReturnType<typeof createRoundPublisher>;
