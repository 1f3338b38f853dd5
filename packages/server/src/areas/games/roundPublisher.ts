import { type Ack, fail, type LiveTimeClass, other } from "@chess/shared";
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
 * broadcast, in order; a command is answered only once its events are stored. Runs on the game's writer.
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
  firstMoveMs?: Record<LiveTimeClass, number>;
}) {
  const { repo, writer, notifier, rounds, logger } = deps;
  /** Games whose end (mate, stalemate, draw by rule) is known but not yet stored. */
  const unsaved = new Map<string, Result>();
  /** Games whose last move write has an unknown outcome: read back from the database before anything else. */
  const uncertain = new Set<string>();

  /** Every event that changes what a player sees of a game takes the next number: here and nowhere else. */
  const number = (round: GameRound) => {
    round.eventNo += 1;
  };

  /** Stores a played move; the refusal when it is not stored (and the round must be reverted). */
  async function commitMove(round: GameRound, event: Extract<RoundEvent, { type: "moved" }>) {
    try {
      await writer.write({
        gameId: round.id,
        epoch: round.epoch,
        ply: round.ply,
        san: event.move.san,
        uci: event.uci,
        fen: round.board.fen(),
        clock: round.clock,
        movedAt: new Date(event.at),
      });
      return undefined;
    } catch (err) {
      if (err instanceof StaleOwnerError) return MOVED;
      // The write may have committed all the same (its answer lost): the database says which.
      const stored = await repo.moveAt(round.id, round.ply).catch(() => undefined);
      if (stored?.uci === event.uci) {
        logger.warn({ err, gameId: round.id }, "a move write reported failed had committed; the move stands");
        return undefined;
      }
      logger.error({ err, gameId: round.id }, "move not persisted");
      // Unknown, or another writer's move holds the ply: the game is read again before its next command.
      if (stored !== null) uncertain.add(round.id);
      deps.writeFailed(round);
      return { code: "unavailable", message: "The move could not be saved - please try again" };
    }
  }

  /**
   * The mover waited on us from `since` (their move's arrival) until the write was given up: that time is
   * theirs again, so a database stall costs nobody thinking time.
   */
  function creditStall(round: GameRound, since: number) {
    const stuck = Math.max(0, deps.now() - since);
    if (round.clock.runningSince !== null) {
      round.clock = { ...round.clock, runningSince: round.clock.runningSince + stuck };
    } else if (round.firstMoveDeadline !== null) round.firstMoveDeadline += stuck;
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
    round.clock = write.clock;
    round.status = write.status;
    round.result = result;
    number(round);
    rounds.unregister(round);
    deps.bus.publish("gameFinished", {
      gameId: round.id,
      players: [round.players.w, round.players.b],
      variant: round.variant,
      timeClass: round.timeClass,
      ratingsChanged: write.ratingChanges.length > 0,
      winningColor: result.winningColor,
      reason: result.reason,
    });
    notifier.toGame(round.id, "gameOver", gameOverJson(round, result, change));
  }

  /** Commits, numbers and broadcasts a state event; false (numbering undone) when it could not be stored. */
  async function commitState(round: GameRound): Promise<boolean> {
    number(round);
    if (await saveState(round)) return true;
    round.eventNo -= 1;
    return false;
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

  async function publish(round: GameRound, decision: Decision): Promise<PublishAck> {
    if (decision.kind === "refused") return refused(decision.refusal);
    if (decision.kind === "duplicate") return { ok: true, data: { ply: round.ply, duplicate: true } };
    let moved = false;
    try {
      for (const event of decision.events) {
        switch (event.type) {
          case "moved": {
            const refusal = await commitMove(round, event);
            if (refusal) {
              decision.revert();
              if (refusal === MOVED) deps.letGo(round);
              else creditStall(round, event.at);
              return refused(refusal);
            }
            moved = true;
            number(round);
            const update = updateJson(round, event.move, event.at);
            notifier.toGame(round.id, "update", update);
            // A game that goes on: the computer opponent (or any area) may act on it. The update's position
            // and clocks serve, not computed a second time on every move.
            if (!decision.events.some((e) => e.type === "ended")) {
              deps.bus.publish("gameMoved", {
                gameId: round.id,
                players: [round.players.w, round.players.b],
                fen: update.fen,
                turn: update.currentTurn,
                ply: update.ply,
                timeLeft: update.timeLeft,
                incrementMs: round.incrementMs,
                clockRunning: update.clockRunning,
                uci: event.uci,
              });
            }
            break;
          }
          case "takenBack": {
            number(round);
            let stored: boolean;
            try {
              stored = await repo.takeBack(round.id, round.epoch, round.ply, round.clock, roundStateOf(round));
            } catch (err) {
              // Memory is ahead of the database now: the game is read back before its next command.
              uncertain.add(round.id);
              if (err instanceof StaleOwnerError) throw err;
              return fail("unavailable", "The takeback could not be saved - please try again");
            }
            if (!stored) {
              uncertain.add(round.id);
              return fail("over", "This game is over");
            }
            notifier.toGame(round.id, "takenBack", { gameId: round.id, ply: round.ply, eventNo: round.eventNo });
            deps.bus.publish("gameTakenBack", { gameId: round.id, ply: round.ply });
            break;
          }
          case "drawOffered":
          case "drawDeclined":
          case "takebackProposed":
          case "takebackDeclined":
            if (!(await commitState(round))) {
              decision.revert();
              return fail("unavailable", UNSAVED_ANSWER[event.type]);
            }
            tellOpponent(round, event);
            break;
          case "ended":
            if (!moved) await finish(round, event.result);
            else {
              // The move stands (it is stored); its end is written again by the sweeper until it holds.
              await finish(round, event.result).catch((err: unknown) => {
                if (err instanceof StaleOwnerError) throw err;
                logger.error({ err, gameId: round.id }, "game end not saved; will retry");
                unsaved.set(round.id, event.result);
              });
            }
            break;
        }
      }
    } catch (err) {
      if (!(err instanceof StaleOwnerError)) throw err;
      deps.letGo(round);
      return refused(MOVED);
    }
    if (round.status === "active") rounds.schedule(round);
    if (decision.refusal) return refused(decision.refusal);
    const plyAnswer = moved || decision.events.some((e) => e.type === "takenBack");
    return { ok: true, data: plyAnswer ? { ply: round.ply } : undefined };
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
    rounds.unregister(old);
    if (fresh?.status !== "active") return true;
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
    rounds.register(fresh);
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
