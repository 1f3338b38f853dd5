import { type Ack, fail, type LiveTimeClass, other } from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Bus } from "../../bus.ts";
import { isDatabaseUnavailable, UNIQUE_VIOLATION } from "../../storage/unavailable.ts";
import { TOO_LATE, within } from "./answerDeadline.ts";
import { finishedEvent, finishing, type Result } from "./gameFinisher.ts";
import { clocksNow, type GameRound, resumedAfterHold } from "./gameRound.ts";
import { roundFromRow } from "./gameRows.ts";
import { clocksResumedJson, gameOverJson, updateJson } from "./gamesJson.ts";
import type { GameNotifier } from "./gamesNotifier.ts";
import { type GamesRepo, StaleOwnerError } from "./gamesRepo.ts";
import type { LiveRounds } from "./liveRounds.ts";
import { readBack, sqlState } from "./lostReply.ts";
import type { MoveWriter } from "./moveWriter.ts";
import type { Decision, Refusal, RoundEvent } from "./roundCommands.ts";
import { roundStateOf } from "./roundState.ts";

/** Said to a player whose game another node writes now (this one lost it); their client reconnects. */
export const MOVED_MESSAGE = "This game moved to another server - reconnecting";

export type PublishAck = Ack<{ ply: number; duplicate?: boolean } | undefined>;

const refused = (r: Refusal) => fail(r.code, r.message);
const MOVED: Refusal = { code: "unavailable", message: MOVED_MESSAGE };
const UNSAVED: Refusal = { code: "unavailable", message: "The move could not be saved - please try again" };
/** A move whose write was not answered in time: it may be stored yet, and the game waits until it is known. */
const UNSETTLED: Refusal = {
  code: "unsettled",
  message:
    "The database did not answer in time - your move is shown if it was saved, and the clocks stand still until then",
};
/**
 * What to tell the players once a write of unknown outcome is read back (the game as stored, undefined if it
 * is gone), beyond a move: that is sent by `settle` itself.
 */
type InDoubt = (fresh: GameRound | undefined) => void;

type OfferEvent = Extract<
  RoundEvent,
  { type: "drawOffered" | "drawDeclined" | "takebackProposed" | "takebackDeclined" }
>;
const UNSETTLED_ANSWER: Record<OfferEvent["type"], string> = {
  drawOffered: "The database did not answer in time - your draw offer is sent if it was saved",
  drawDeclined: "The database did not answer in time - your answer is sent if it was saved",
  takebackProposed: "The database did not answer in time - your proposal is sent if it was saved",
  takebackDeclined: "The database did not answer in time - your answer is sent if it was saved",
};
const UNSAVED_ANSWER: Record<OfferEvent["type"], string> = {
  drawOffered: "The draw offer could not be saved - please try again",
  drawDeclined: "The answer could not be saved - please try again",
  takebackProposed: "The proposal could not be saved - please try again",
  takebackDeclined: "The answer could not be saved - please try again",
};

/**
 * What the tournaments area needs of an arena game's end (gameFinished): its plies, berserks and new ratings, and
 * the side that let its first-move time run out (the game aborted unplayed), if that is how it ended.
 */
export function arenaEnd(round: GameRound, change: { w: number; b: number }, at: number, decidedAt = at) {
  if (!round.tournament) return {};
  const { w, b } = round.elo;
  // Judged at the end's decision, not its announcement: a claim decided before the deadline, stored after it,
  // is no first-move time running out.
  const noStart =
    round.result?.reason === "abort" && round.firstMoveDeadline !== null && decidedAt >= round.firstMoveDeadline
      ? { didNotMove: round.board.turn() }
      : {};
  return {
    arena: {
      tournamentId: round.tournament.id,
      plies: round.ply,
      finishedAt: at,
      berserk: { w: round.berserk?.w ?? false, b: round.berserk?.b ?? false },
      ...noStart,
      ...(round.rated && w !== null && b !== null ? { ratings: { w: w + change.w, b: b + change.b } } : {}),
    },
  };
}

/** An error that says the node cannot store anything now (not this write alone): unreachable, no disk, no memory. */
const storageDown = (error: unknown) => isDatabaseUnavailable(error) || /^5[38]/.test(sqlState(error) ?? "");

/**
 * The one place a game's events become real (lila's round `publish`): each is committed, numbered, then
 * broadcast, in order; a command is answered only once its events are stored, and by its deadline. The
 * round a command was decided on stays the game's until the next one is stored: then the game adopts it.
 * Runs on the game's writer.
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
  /** A write of the game's, asked for at `since`, could not be stored, or not in time: it waits for the database. */
  cannotStore?: (gameId: string, since: number) => void;
  /** The server's own first-move limits by speed (config FIRST_MOVE_LIMITS_MS); undefined: FIRST_MOVE_MS. */
  firstMoveMs?: Record<LiveTimeClass, number>;
}) {
  const { repo, writer, notifier, rounds, logger } = deps;
  const now = deps.now;
  /** Games whose end (mate, stalemate, draw by rule) is known but not yet stored. */
  const unsaved = new Map<string, Result>();
  /**
   * Games with a write of unknown outcome: read back from the database before anything else, once the write
   * itself is over (settled or failed, whatever its caller was told): it may still commit until then.
   */
  const uncertain = new Map<string, Promise<void>>();
  /** What the players are told if a write of unknown outcome turns out stored. */
  const inDoubt = new Map<string, InDoubt>();
  /** When a write was last stored: the database answers. */
  let storedAt = Number.NEGATIVE_INFINITY;

  const cannotStore = (gameId: string, since: number) => deps.cannotStore?.(gameId, since);

  /**
   * The write's outcome is unknown: the game is read back before its next command, and waits until then.
   * `ifStored` is told what was read back, to tell the players what they were not told.
   */
  function unknownOutcome(gameId: string, write: Promise<unknown>, since: number, ifStored?: InDoubt) {
    uncertain.set(
      gameId,
      write.then(
        () => {},
        () => {},
      ),
    );
    if (ifStored) inDoubt.set(gameId, ifStored);
    else inDoubt.delete(gameId);
    cannotStore(gameId, since);
  }

  /**
   * Waits for a write of the game's until `deadline`, and says what became of it: stored, refused (nothing of
   * it stored), or unknown (then the game waits to be read back, and `ifStored` tells the players later). A
   * write whose connection went is read back (`isStored`) before that, as a move is. Throws StaleOwnerError.
   */
  async function outcomeOf<T>(
    gameId: string,
    write: Promise<T>,
    since: number,
    deadline: number,
    isStored: () => Promise<boolean>,
    ifStored: InDoubt,
  ): Promise<{ kind: "stored"; value: T | undefined } | { kind: "refused" } | { kind: "unknown" }> {
    try {
      const value = await within(write, deadline, now);
      if (value !== TOO_LATE) {
        storedAt = now();
        return { kind: "stored", value };
      }
      logger.warn({ gameId }, "game write not answered in time");
    } catch (err) {
      if (err instanceof StaleOwnerError) throw err;
      if (sqlState(err) !== undefined) {
        logger.warn({ err, gameId }, "game write refused");
        if (storageDown(err)) cannotStore(gameId, since);
        return { kind: "refused" };
      }
      const stored = await readBack(isStored, deadline, now);
      if (stored !== undefined) {
        logger.warn({ err, gameId, stored }, "a game write reported failed was read back");
        return stored ? { kind: "stored", value: undefined } : { kind: "refused" };
      }
      logger.warn({ err, gameId }, "game write outcome unknown");
    }
    unknownOutcome(gameId, write, since, ifStored);
    return { kind: "unknown" };
  }

  /** Whether the game's stored state is `next`'s or later (every event that changes it takes the next number). */
  const stateStored = (next: GameRound) => async () => {
    const row = await repo.game(next.id);
    return row?.status === "active" && (row.roundState?.eventNo ?? -1) >= next.eventNo;
  };

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
    storedAt = now();
    return next;
  };

  /** What the database holds at the game's `ply`, read again until `deadline`; undefined if it did not say. */
  async function moveAt(gameId: string, ply: number, deadline: number): Promise<{ uci: string } | null | undefined> {
    return readBack(() => repo.moveAt(gameId, ply), deadline, now);
  }

  /** Stores the move that makes `live` `next`; the refusal when it is not stored (by the deadline). */
  async function commitMove(
    live: GameRound,
    next: GameRound,
    event: Extract<RoundEvent, { type: "moved" }>,
    deadline: number,
  ): Promise<Refusal | undefined> {
    const write = writer.write({
      gameId: next.id,
      epoch: next.epoch,
      ply: next.ply,
      san: event.move.san,
      uci: event.uci,
      fen: next.board.fen(),
      clock: next.clock,
      movedAt: new Date(event.at),
    });
    let error: unknown;
    try {
      if ((await within(write, deadline, now)) !== TOO_LATE) return undefined;
    } catch (err) {
      error = err ?? new Error("move write failed");
    }
    if (error instanceof StaleOwnerError) return MOVED;
    if (error === undefined) {
      logger.error({ gameId: next.id, ply: next.ply }, "move write not answered in time");
      unknownOutcome(next.id, write, event.at);
      return UNSETTLED;
    }
    const state = sqlState(error);
    if (state !== undefined && state !== UNIQUE_VIOLATION) {
      // The database refused the statement: nothing of it is stored.
      logger.error({ err: error, gameId: next.id }, "move not persisted");
      if (storageDown(error)) cannotStore(next.id, event.at);
      deps.writeFailed(live);
      return UNSAVED;
    }
    // The connection went (the write may have committed all the same), or another move holds the ply: the
    // database says which, before the mover is answered.
    const stored = await moveAt(next.id, next.ply, deadline);
    if (stored === undefined) {
      logger.error({ err: error, gameId: next.id }, "move write outcome unknown");
      unknownOutcome(next.id, write, event.at);
      return UNSETTLED;
    }
    if (stored?.uci === event.uci) {
      logger.warn({ err: error, gameId: next.id }, "a move write reported failed had committed; the move stands");
      return undefined;
    }
    logger.error({ err: error, gameId: next.id }, "move not persisted");
    // Another writer's move holds the ply: the game is read again before its next command.
    if (stored !== null) uncertain.set(next.id, Promise.resolve());
    deps.writeFailed(live);
    return UNSAVED;
  }

  /**
   * Stores what a player sees of the round beyond its moves, asked for at `since`: "stored", "refused" or
   * "unknown" by the deadline (`told` then tells the players if it turns out stored). Another owner's epoch
   * throws StaleOwnerError.
   */
  async function storeState(
    next: GameRound,
    since: number,
    deadline: number,
    told: (stored: GameRound) => void,
  ): Promise<"stored" | "refused" | "unknown"> {
    const write = repo.saveRoundState(next.id, next.epoch, roundStateOf(next));
    const outcome = await outcomeOf(next.id, write, since, deadline, stateStored(next), (fresh) => {
      if (fresh && fresh.eventNo >= next.eventNo) told(fresh);
    });
    return outcome.kind;
  }

  /** Stores the round beyond its moves (presence); false when it could not be stored by the deadline. */
  async function saveState(round: GameRound, deadline: number): Promise<boolean> {
    const since = now();
    const write = repo.saveRoundState(round.id, round.epoch, roundStateOf(round));
    try {
      if ((await within(write, deadline, now)) !== TOO_LATE) return true;
      logger.warn({ gameId: round.id }, "round state not saved in time");
      cannotStore(round.id, since);
    } catch (err) {
      if (err instanceof StaleOwnerError) deps.letGo(round);
      else if (storageDown(err)) cannotStore(round.id, since);
      logger.warn({ err, gameId: round.id }, "round state not saved");
    }
    return false;
  }

  /**
   * Ends the game: the result and ratings stored, then the players told; by the deadline, the refusal when it
   * is not stored, or not known to be: then the players are told once it is read back as stored.
   */
  async function finish(
    round: GameRound,
    result: Result,
    since: number,
    deadline: number,
  ): Promise<Refusal | undefined> {
    const { write, change } = finishing(round, result, deps.now());
    const over: GameRound = {
      ...round,
      clock: write.clock,
      status: write.status,
      result,
      eventNo: round.eventNo + 1,
    };
    const announce = () => {
      unsaved.delete(round.id);
      deps.bus.publish("gameFinished", {
        ...finishedEvent(over, result, write),
        ...arenaEnd(over, change, deps.now(), since),
      });
      notifier.toGame(over.id, "gameOver", gameOverJson(over, result, change));
    };
    const isOver = async () => (await repo.game(round.id))?.status !== "active";
    const outcome = await outcomeOf(round.id, repo.finishGame(write), since, deadline, isOver, (fresh) => {
      if (fresh && fresh.status !== "active") announce();
    });
    if (outcome.kind === "refused")
      return { code: "unavailable", message: "The game could not be ended - please try again" };
    if (outcome.kind === "unknown") {
      return {
        code: "unsettled",
        message:
          "The database did not answer in time - the game is over if that was saved, and the clocks stand still until then",
      };
    }
    rounds.unregister(round);
    announce();
    return undefined;
  }

  /** Stores a takeback that makes `live` `next`; the refusal when it is not stored (by the deadline). */
  async function commitTakeback(next: GameRound, since: number, deadline: number): Promise<Refusal | undefined> {
    const write = repo.takeBack(next.id, next.epoch, next.ply, next.clock, roundStateOf(next));
    const outcome = await outcomeOf(next.id, write, since, deadline, stateStored(next), (fresh) => {
      if (fresh && fresh.eventNo >= next.eventNo) tellTakenBack(fresh);
    });
    if (outcome.kind === "refused") {
      return { code: "unavailable", message: "The takeback could not be saved - please try again" };
    }
    if (outcome.kind === "unknown") {
      return {
        code: "unsettled",
        message: "The database did not answer in time - the moves are taken back if that was saved",
      };
    }
    if (outcome.value === false) {
      // The game is no longer active in the database: read back before anything else.
      uncertain.set(next.id, Promise.resolve());
      return { code: "over", message: "This game is over" };
    }
    return undefined;
  }

  function tellTakenBack(round: GameRound) {
    notifier.toGame(round.id, "takenBack", { gameId: round.id, ply: round.ply, eventNo: round.eventNo });
    deps.bus.publish("gameTakenBack", { gameId: round.id, ply: round.ply });
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

  /**
   * Makes a decision on `round` real: stores its events one by one, adopting the next round once they are
   * stored, and answers by `deadline` (epoch ms) whatever the database does.
   */
  async function publish(round: GameRound, decision: Decision, deadline: number): Promise<PublishAck> {
    if (decision.kind === "refused") return refused(decision.refusal);
    if (decision.kind === "duplicate") return { ok: true, data: { ply: round.ply, duplicate: true } };
    const { next, events } = decision;
    const askedAt = now();
    let live = round;
    let moved = false;
    try {
      for (const event of events) {
        switch (event.type) {
          case "moved": {
            number(next, live);
            const refusal = await commitMove(live, next, event, deadline);
            if (refusal) {
              if (refusal === MOVED) deps.letGo(live);
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
            const refusal = await commitTakeback(next, askedAt, deadline);
            if (refusal) return refused(refusal);
            live = adopt(live, next);
            tellTakenBack(live);
            break;
          }
          case "drawOffered":
          case "drawDeclined":
          case "takebackProposed":
          case "takebackDeclined": {
            number(next, live);
            const stored = await storeState(next, askedAt, deadline, (fresh) => tellOpponent(fresh, event));
            if (stored === "refused") return fail("unavailable", UNSAVED_ANSWER[event.type]);
            if (stored === "unknown") return fail("unsettled", UNSETTLED_ANSWER[event.type]);
            live = adopt(live, next);
            tellOpponent(live, event);
            break;
          }
          case "berserked": {
            number(next, live);
            const tellBerserk = (r: GameRound) =>
              notifier.toGame(r.id, "berserked", {
                gameId: r.id,
                color: event.by,
                timeLeft: clocksNow(r, now()),
                serverTime: now(),
              });
            const stored = await storeState(next, askedAt, deadline, tellBerserk);
            if (stored === "refused") return fail("unavailable", "Berserk could not be saved - please try again");
            if (stored === "unknown") {
              return fail("unsettled", "The database did not answer in time - you berserked if that was saved");
            }
            live = adopt(live, next);
            tellBerserk(live);
            break;
          }
          case "ended": {
            const refusal = await finish(live, event.result, askedAt, deadline);
            if (refusal && !moved) return refused(refusal);
            if (refusal) {
              // The move stands (it is stored); its end is written again by the sweeper until it holds.
              logger.error({ gameId: live.id }, "game end not saved; will retry");
              unsaved.set(live.id, event.result);
            }
            break;
          }
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
   * Reads a game whose last write had an unknown outcome back from the database, once that write is over,
   * and puts it in place of the round in memory; players are sent the move that had committed after all.
   * On the game's writer. False while the database cannot say by `deadline`.
   */
  async function settle(id: string, deadline: number): Promise<boolean> {
    const write = uncertain.get(id);
    if (write && (await within(write, deadline, now)) === TOO_LATE) return false;
    let fresh: GameRound | undefined | typeof TOO_LATE;
    try {
      fresh = await within(loadRound(id), deadline, now);
    } catch {
      return false;
    }
    if (fresh === TOO_LATE) return false;
    uncertain.delete(id);
    const told = inDoubt.get(id);
    inDoubt.delete(id);
    const old = rounds.get(id);
    if (!old) return true;
    if (fresh?.status !== "active") {
      rounds.unregister(old);
      if (fresh) told?.(fresh);
      return true;
    }
    fresh.goneSince = old.goneSince;
    fresh.goneLeft = old.goneLeft;
    fresh.epoch = old.epoch;
    if (old.resumed) fresh.resumed = old.resumed;
    const t = now();
    if (fresh.ply > old.ply && fresh.clock.runningSince !== null) {
      // The move had committed, but its opponent learns of it only now: their clock starts now.
      fresh.clock = { ...fresh.clock, runningSince: Math.max(fresh.clock.runningSince, t) };
    }
    rounds.replace(old, fresh);
    if (fresh.ply > old.ply && fresh.lastMove) {
      logger.warn({ gameId: id, ply: fresh.ply }, "a move write of unknown outcome had committed; sent now");
      notifier.toGame(id, "update", updateJson(fresh, fresh.lastMove, t));
    }
    told?.(fresh);
    return true;
  }

  /**
   * Takes up a held game again (its node can store again): the time it stood still is counted on neither
   * clock, the round so credited is stored, then its players are told. False while it cannot be stored.
   */
  async function resume(id: string, deadline: number): Promise<boolean> {
    const since = rounds.heldSince(id);
    const live = rounds.get(id);
    if (since === undefined || !live) return true;
    const t = now();
    const next = resumedAfterHold(live, since, t);
    try {
      if ((await within(repo.saveRoundState(id, next.epoch, roundStateOf(next)), deadline, now)) === TOO_LATE) {
        return false;
      }
    } catch (err) {
      if (err instanceof StaleOwnerError) deps.letGo(live);
      return false;
    }
    adopt(live, next);
    rounds.release(id);
    logger.info({ gameId: id, heldMs: t - since }, "a held game's clocks run again");
    notifier.toGame(id, "clocksResumed", clocksResumedJson(next, t - since, now()));
    return true;
  }

  return {
    publish,
    saveState,
    settle,
    resume,
    loadRound,
    /** When a write was last stored (the database answers). */
    storedAt: () => storedAt,
    /** Whether the game must be read back (settle) before its next command. */
    isUncertain: (id: string) => uncertain.has(id),
    /** The stored end a game still waits for, if its first write failed. */
    unsavedEnd: (id: string) => unsaved.get(id),
    /** Games the sweeper must look at again: an end not stored, a move write of unknown outcome. */
    pending: (): string[] => [...new Set([...unsaved.keys(), ...uncertain.keys()])],
    /** This node no longer writes the game. */
    forget(id: string) {
      uncertain.delete(id);
      inDoubt.delete(id);
      unsaved.delete(id);
    },
  };
}

export type RoundPublisher = ReturnType<typeof createRoundPublisher>;
