import {
  type Ack,
  Board,
  type ByColor,
  type Color,
  creditClock,
  eloDeltas,
  type GameStarted,
  type MovePayload,
  NO_ELO_CHANGE,
  newClock,
  other,
  START_FEN,
  timeClassOf,
  type Variant,
} from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Bus } from "../../bus.ts";
import { shortId } from "../../util/ids.ts";
import { KeyedQueue } from "../../util/keyedQueue.ts";
import { finishing, type Result } from "./gameFinisher.ts";
import { type GameLeases, LEASE_MS, localLeases } from "./gameLeases.ts";
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
  takeBack,
  takebackPlies,
  undoLastMove,
} from "./gameRound.ts";
import { roundFromRow } from "./gameRows.ts";
import { gameOverJson, gameStartedJson, updateJson } from "./gamesJson.ts";
import type { GameNotifier } from "./gamesNotifier.ts";
import { type GamesRepo, StaleOwnerError } from "./gamesRepo.ts";
import { MoveWriter } from "./moveWriter.ts";
import { roundStateOf } from "./roundState.ts";

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

export type GameOp =
  | "move"
  | "resign"
  | "abort"
  | "offerDraw"
  | "acceptDraw"
  | "declineDraw"
  | "claimVictory"
  | "takeback";
/** A player's action passed from the node they are connected to, to the node writing the game. */
export interface GameCall {
  op: GameOp | "snapshot";
  gameId: string;
  actor: Actor;
  payload?: MovePayload;
}
/** Games nobody holds are taken over only when still so this long later (a holder may be renewing). */
const ORPHAN_CONFIRM_MS = 2_500;

const fail = (code: string, message: string): Ack<never> => ({ ok: false, code, message });
const playerKey = (p: Actor) => (p.userId !== null ? `u:${p.userId}` : `s:${p.sessionId}`);

/** Said to a player whose game another node writes now (this one lost it); their client reconnects. */
const MOVED_MESSAGE = "This game moved to another server - reconnecting";

export function createGamesService(deps: {
  repo: GamesRepo;
  notifier: GameNotifier;
  isOnline: (key: string) => boolean;
  logger: FastifyBaseLogger;
  /** gameStarted and gameFinished are published here, for whichever area needs them. */
  bus: Bus;
  /** Which node writes each game; this one alone without Redis. */
  leases?: GameLeases;
  /** Passes a call to the node holding the game; undefined when it did not answer. */
  forward?: (node: string, call: GameCall) => Promise<unknown>;
  /** Whether a node is alive to hear forwarded calls; a game held by a dead node is taken over. */
  isNodeAlive?: (node: string) => Promise<boolean>;
  now?: () => number;
}) {
  const { repo, notifier, logger } = deps;
  const now = deps.now ?? Date.now;
  const rounds = new Map<string, GameRound>();
  const activeByPlayer = new Map<string, string>();
  const queue = new KeyedQueue();
  const timers = new Map<string, NodeJS.Timeout>();
  const writer = new MoveWriter(repo);
  const leases = deps.leases ?? localLeases("local");
  /** Games whose end (mate, stalemate, draw by rule) is known but not yet written. */
  const unsaved = new Map<string, Result>();
  /** Live games nobody held when last looked at, and since when. */
  const orphanSince = new Map<string, number>();
  /** Games whose last move write has an unknown outcome: re-read from the database before anything else. */
  const uncertain = new Set<string>();
  /** When this node last renewed its leases (scaled mode): a whole lease without it and it lets its games go. */
  let renewedAt = now();

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
        if (uncertain.has(gameId) && !(await settle(gameId))) return;
        const round = rounds.get(gameId);
        if (round?.status !== "active") {
          unsaved.delete(gameId);
          return;
        }
        const end = unsaved.get(gameId);
        if (end) {
          await finish(round, end);
          unsaved.delete(gameId);
          return;
        }
        const t = now();
        const flagged = flaggedSide(round, t);
        if (flagged) return finish(round, flagResult(round, flagged));
        if (round.firstMoveDeadline !== null && t >= round.firstMoveDeadline) {
          return finish(round, { winningColor: "none", reason: "abort" });
        }
      })
      .catch((err: unknown) => {
        const round = rounds.get(gameId);
        if (err instanceof StaleOwnerError && round) letGo(round);
        else logger.warn({ err, gameId }, "game check failed; will retry");
      });
  }

  async function finish(round: GameRound, result: Result): Promise<void> {
    const { write, change } = finishing(round, result, now());
    await repo.finishGame(write);
    const clock = write.clock;
    const aborted = write.status === "aborted";
    const ratingChanges = write.ratingChanges;
    round.clock = clock;
    round.status = aborted ? "aborted" : "finished";
    round.result = result;
    round.eventNo += 1;
    unregister(round);
    deps.bus.publish("gameFinished", {
      gameId: round.id,
      players: [round.players.w, round.players.b],
      variant: round.variant,
      timeClass: round.timeClass,
      ratingsChanged: ratingChanges.length > 0,
      winningColor: result.winningColor,
      reason: result.reason,
    });
    notifier.toGame(round.id, "gameOver", gameOverJson(round, result, change));
  }

  type OpResult = Ack<{ ply: number; duplicate?: boolean } | undefined>;
  type Op = (round: GameRound, color: Color, payload: MovePayload | undefined) => Promise<OpResult>;

  /** What a player may do in their game; each runs on the game's writer, one at a time per game. */
  const ops: Record<GameOp, Op> = {
    async move(round, color, payload) {
      if (!payload) return fail("validation", "A move is required");
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
          epoch: round.epoch,
          ply: round.ply,
          san: outcome.move.san,
          uci: outcome.uci,
          fen: round.board.fen(),
          clock: round.clock,
          whiteMs: left.w,
          blackMs: left.b,
          movedAt: new Date(t),
        });
      } catch (err) {
        if (err instanceof StaleOwnerError) {
          undoLastMove(round, before);
          letGo(round);
          return fail("unavailable", MOVED_MESSAGE);
        }
        // The write may have committed all the same (its answer lost): the database says which.
        const stored = await repo.moveAt(round.id, round.ply).catch(() => undefined);
        if (stored?.uci !== outcome.uci) {
          undoLastMove(round, before);
          logger.error({ err, gameId: round.id }, "move not persisted");
          // Unknown, or another writer's move holds the ply: the game is read again before its next command.
          if (stored !== null) uncertain.add(round.id);
          if (leases.shared) void letGoIfTaken(round);
          return fail("unavailable", "The move could not be saved - please try again");
        }
        logger.warn({ err, gameId: round.id }, "a move write reported failed had committed; the move stands");
      }
      round.eventNo += 1;
      notifier.toGame(round.id, "update", updateJson(round, outcome.move, t));
      if (outcome.end) {
        const end = outcome.end;
        // The move stands (it is committed); the result is written again by the sweeper until it holds.
        await finish(round, end).catch((err: unknown) => {
          logger.error({ err, gameId: round.id }, "game end not saved; will retry");
          unsaved.set(round.id, end);
        });
      } else {
        schedule(round);
        deps.bus.publish("gameMoved", {
          gameId: round.id,
          players: [round.players.w, round.players.b],
          fen: round.board.fen(),
          turn: round.board.turn(),
          ply: round.ply,
          timeLeft: left,
          incrementMs: round.incrementMs,
          clockRunning: round.clock.runningSince !== null,
        });
      }
      return { ok: true, data: { ply: round.ply } };
    },

    async resign(round, color) {
      await finish(
        round,
        round.ply < 2
          ? { winningColor: "none", reason: "abort" }
          : { winningColor: color === "w" ? "black" : "white", reason: "resign" },
      );
      return { ok: true };
    },

    async abort(round) {
      if (round.ply >= 2) return fail("too_late", "The game can no longer be aborted");
      await finish(round, { winningColor: "none", reason: "abort" });
      return { ok: true };
    },

    async offerDraw(round, color) {
      if (round.drawOfferBy === other(color)) {
        await finish(round, { winningColor: "draw", reason: "draw" });
        return { ok: true };
      }
      if (round.drawOfferBy === color) return fail("pending", "Your draw offer is waiting for an answer");
      if (round.ply - round.lastDrawOfferPly[color] < DRAW_OFFER_EVERY_PLIES && round.lastDrawOfferPly[color] >= 0) {
        return fail("too_soon", "You offered a draw recently - wait a few moves");
      }
      const before = { drawOfferBy: round.drawOfferBy, last: round.lastDrawOfferPly[color], eventNo: round.eventNo };
      round.drawOfferBy = color;
      round.lastDrawOfferPly[color] = round.ply;
      round.eventNo += 1;
      if (!(await saveState(round))) {
        round.drawOfferBy = before.drawOfferBy;
        round.lastDrawOfferPly[color] = before.last;
        round.eventNo = before.eventNo;
        return fail("unavailable", "The draw offer could not be saved - please try again");
      }
      notifier.toPlayer(round.players[other(color)], "offerDraw", { gameId: round.id, by: round.players[color].name });
      return { ok: true };
    },

    async acceptDraw(round, color) {
      if (round.drawOfferBy !== other(color)) return fail("no_offer", "There is no draw offer to accept");
      await finish(round, { winningColor: "draw", reason: "draw" });
      return { ok: true };
    },

    async declineDraw(round, color) {
      if (round.drawOfferBy !== other(color)) return fail("no_offer", "There is no draw offer to decline");
      round.drawOfferBy = null;
      round.eventNo += 1;
      if (!(await saveState(round))) {
        round.drawOfferBy = other(color);
        round.eventNo -= 1;
        return fail("unavailable", "The answer could not be saved - please try again");
      }
      notifier.toPlayer(round.players[other(color)], "drawDeclined", { gameId: round.id });
      return { ok: true };
    },

    /** The opponent has been gone long enough: the present player takes the win. */
    async claimVictory(round, color) {
      const gone = round.goneSince[other(color)];
      if (gone === null) return fail("not_gone", "Your opponent is still here");
      if (now() < gone + GONE_CLAIM_MS[round.timeClass]) return fail("too_soon", "Wait for the countdown to end");
      await finish(
        round,
        round.ply < 2
          ? { winningColor: "none", reason: "abort" }
          : { winningColor: color === "w" ? "white" : "black", reason: "abandon" },
      );
      return { ok: true };
    },

    /** The caller's last move and the reply to it go (see takebackPlies); who may ask is the caller's to decide. */
    async takeback(round, color) {
      const plies = takebackPlies(round, color);
      if (plies === 0) return fail("nothing_to_take_back", "You have no move to take back");
      takeBack(round, plies, now());
      round.eventNo += 1;
      let saved: boolean;
      try {
        saved = await repo.takeBack(round.id, round.epoch, round.ply, round.clock, roundStateOf(round));
      } catch (err) {
        // Memory is ahead of the database now: the game is read back before its next command.
        uncertain.add(round.id);
        if (err instanceof StaleOwnerError) throw err;
        return fail("unavailable", "The takeback could not be saved - please try again");
      }
      if (!saved) {
        uncertain.add(round.id);
        return fail("over", "This game is over");
      }
      schedule(round);
      notifier.toGame(round.id, "takenBack", { gameId: round.id, ply: round.ply, eventNo: round.eventNo });
      return { ok: true, data: { ply: round.ply } };
    },
  };

  /** The actor's game (named, or their current one) on its writer: here, or the node holding it. */
  async function act(actor: Actor, gameId: string | undefined, op: GameOp, payload?: MovePayload, relayed = false) {
    const id = gameId ?? (await activeGameOf(actor));
    if (!id) return fail("no_game", "You are not playing a game");
    const where = await locate(id);
    if (where === "unknown") return fail("unavailable", "The game server is busy - please try again");
    if (where !== "here") {
      if (relayed) return fail("unavailable", "The game is moving to another server - please try again");
      const answer = await deps.forward?.(where, { op, gameId: id, actor, payload });
      return (
        (answer as OpResult | undefined) ?? fail("unavailable", "The game server did not answer - please try again")
      );
    }
    return queue.run(id, async () => {
      if (uncertain.has(id) && !(await settle(id))) {
        return fail("unavailable", "The game's last move is being checked - please try again");
      }
      const round = rounds.get(id);
      if (!round) return fail("no_game", "This game is not being played");
      const color = colorOf(round, actor);
      if (!color) return fail("forbidden", "You are not playing this game");
      if (round.status !== "active") return fail("over", "This game is over");
      try {
        return await ops[op](round, color, payload);
      } catch (err) {
        if (!(err instanceof StaleOwnerError)) throw err;
        letGo(round);
        return fail("unavailable", MOVED_MESSAGE);
      }
    });
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
      if (row?.status !== "active") {
        await leases.release([id], now()).catch(() => {});
        return "not_live";
      }
      const round = roundFromRow(row, await repo.moves(id));
      // From here on the previous owner's writes are refused by the database, whatever it still believes.
      const epoch = await repo.takeOwnership(id);
      if (epoch === undefined) {
        await leases.release([id], now()).catch(() => {});
        return "not_live";
      }
      round.epoch = epoch;
      const t = now();
      // Charged until the last sign of life of the node before: its hand-over, else its last heartbeat
      // (every HEARTBEAT_MS), else the last moment its lease can have been renewed.
      const heartbeat = deadHolder ? await repo.heartbeatOf(deadHolder).catch(() => undefined) : undefined;
      const lastSeen =
        (await leases.releasedAt(id).catch(() => undefined)) ??
        Math.max(heartbeat?.getTime() ?? Number.NEGATIVE_INFINITY, t - LEASE_MS);
      resume(round, lastSeen, t);
      register(round);
      orphanSince.delete(id);
      logger.info({ gameId: id }, "took over a live game");
      return "adopted";
    });
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
    unregister(old);
    if (fresh?.status !== "active") return true;
    fresh.goneSince = old.goneSince;
    fresh.epoch = old.epoch;
    register(fresh);
    if (fresh.ply > old.ply && fresh.lastMove) {
      logger.warn({ gameId: id, ply: fresh.ply }, "a move write reported failed had committed; sent now");
      notifier.toGame(id, "update", updateJson(fresh, fresh.lastMove, now()));
    }
    return true;
  }

  /** Another writer owns the game now (the database refused this one's epoch): stop, and send players there. */
  function letGo(round: GameRound) {
    if (rounds.get(round.id) !== round) return;
    unregister(round);
    uncertain.delete(round.id);
    logger.warn({ gameId: round.id, epoch: round.epoch }, "another writer owns this game now; let it go");
    notifier.reconnect(round.id);
  }

  /** After a failed write: if another node holds the game now, this one lets it go. */
  async function letGoIfTaken(round: GameRound) {
    const [holder] = await leases.holders([round.id]).catch(() => [undefined]);
    if (holder && holder !== leases.nodeId && rounds.get(round.id) === round) unregister(round);
  }

  /** A restarted or adopted round: the side to move is charged only until `lastSeen`, the outage is not theirs. */
  function resume(round: GameRound, lastSeen: number, t: number) {
    const outage = Math.max(0, t - lastSeen);
    if (round.clock.runningSince !== null) {
      const charged = Math.max(0, lastSeen - round.clock.runningSince);
      const mover = round.clock.turn;
      const left = { ...round.clock.remaining, [mover]: round.clock.remaining[mover] - charged };
      round.clock = creditClock({ ...round.clock, remaining: left, runningSince: t }, t, { w: 0, b: 0 });
    } else if (round.firstMoveDeadline !== null) {
      round.firstMoveDeadline += outage;
    } else {
      round.firstMoveDeadline = t + FIRST_MOVE_MS[round.timeClass];
    }
    // A player gone before the outage stays gone since then (the outage credited); one back is here.
    for (const c of ["w", "b"] as const) {
      const gone = round.goneSince[c];
      round.goneSince[c] = deps.isOnline(playerKey(round.players[c])) ? null : gone !== null ? gone + outage : t;
    }
  }

  /** Writes what a player sees of the round beyond its moves; false when it could not be stored. */
  async function saveState(round: GameRound): Promise<boolean> {
    try {
      await repo.saveRoundState(round.id, round.epoch, roundStateOf(round));
      return true;
    } catch (err) {
      if (err instanceof StaleOwnerError) letGo(round);
      logger.warn({ err, gameId: round.id }, "round state not saved");
      return false;
    }
  }

  async function activeGameOf(actor: Actor): Promise<string | undefined> {
    const here = activeByPlayer.get(playerKey(actor));
    if (here || !leases.shared) return here;
    return repo.activeGameOf(actor);
  }

  return {
    /** The game the actor is playing now, if any (on any node). */
    activeGameOf,
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
      const board = Board.fromFen(g.initialFen ?? START_FEN);
      const baseMs = Math.round(g.baseTime * 60_000);
      const incrementMs = g.increment * 1000;
      const t = now();
      const round: GameRound = {
        id: shortId(),
        variant: g.variant,
        timeClass,
        baseMs,
        incrementMs,
        initialFen: board.fen(),
        rated,
        clubId: g.clubId ?? null,
        players: { w: g.white, b: g.black },
        elo: { w: wr?.elo ?? null, b: br?.elo ?? null },
        deltas,
        board,
        sanMoves: [],
        lastMove: null,
        clock: { ...newClock(baseMs, incrementMs), turn: board.turn() },
        ply: 0,
        status: "active",
        result: null,
        drawOfferBy: null,
        lastDrawOfferPly: { w: -100, b: -100 },
        firstMoveDeadline: t + FIRST_MOVE_MS[timeClass],
        goneSince: { w: null, b: null },
        eventNo: 0,
        createdAt: t,
        epoch: 1,
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
        roundState: roundStateOf(round),
        ownerEpoch: round.epoch,
        createdAt: new Date(t),
      });
      // A new game is this node's; if Redis cannot say so now, the next renewal does.
      await leases.claim(round.id).catch((err: unknown) => logger.warn({ err, gameId: round.id }, "lease not taken"));
      register(round);
      for (const c of ["w", "b"] as const) {
        notifier.joinGame(round.players[c], round.id);
        notifier.toPlayer(round.players[c], "gameStarted", gameStartedJson(round, c, t));
      }
      deps.bus.publish("gameStarted", {
        gameId: round.id,
        players: [round.players.w, round.players.b],
        variant: round.variant,
        timeClass: round.timeClass,
      });
      return round;
    },

    move(actor: Actor, payload: MovePayload): Promise<Ack<{ ply: number; duplicate?: boolean }>> {
      return act(actor, payload.gameId, "move", payload) as Promise<Ack<{ ply: number; duplicate?: boolean }>>;
    },
    resign: (actor: Actor, gameId?: string): Promise<Ack> => act(actor, gameId, "resign") as Promise<Ack>,
    abort: (actor: Actor, gameId?: string): Promise<Ack> => act(actor, gameId, "abort") as Promise<Ack>,
    offerDraw: (actor: Actor, gameId?: string): Promise<Ack> => act(actor, gameId, "offerDraw") as Promise<Ack>,
    acceptDraw: (actor: Actor, gameId?: string): Promise<Ack> => act(actor, gameId, "acceptDraw") as Promise<Ack>,
    declineDraw: (actor: Actor, gameId?: string): Promise<Ack> => act(actor, gameId, "declineDraw") as Promise<Ack>,
    claimVictory: (actor: Actor, gameId?: string): Promise<Ack> => act(actor, gameId, "claimVictory") as Promise<Ack>,
    /** Takes back the actor's last move and the reply; the caller checks the game allows it (the computer's). */
    takeback: (actor: Actor, gameId: string): Promise<Ack<{ ply: number }>> =>
      act(actor, gameId, "takeback") as Promise<Ack<{ ply: number }>>,

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

    /** The game as `actor` sees it (a player, or a spectator): from its writer, else from the database. */
    async snapshot(actor: Actor, gameId: string): Promise<GameStarted | undefined> {
      const live = rounds.get(gameId);
      if (!live && leases.shared && deps.forward) {
        const [holder] = await leases.holders([gameId]).catch(() => [null]);
        if (holder && holder !== leases.nodeId) {
          const answer = (await deps.forward(holder, { op: "snapshot", gameId, actor })) as
            | Ack<GameStarted>
            | undefined;
          if (answer?.ok && answer.data) return answer.data;
        }
      }
      const round = live ?? (await loadRound(gameId));
      if (!round) return undefined;
      return gameStartedJson(round, colorOf(round, actor) ?? "spectator", now());
    },

    /** A call another node passed on because this node holds the game. */
    async serve(call: GameCall): Promise<Ack<unknown>> {
      if (call.op === "snapshot") {
        const round = rounds.get(call.gameId);
        if (!round) return fail("no_game", "This game is not being played here");
        return { ok: true, data: gameStartedJson(round, colorOf(round, call.actor) ?? "spectator", now()) };
      }
      if (!Object.hasOwn(ops, call.op)) return fail("validation", "Unknown game action");
      return act(call.actor, call.gameId, call.op, call.payload, true);
    },

    /** A player's last socket left or one came back: start or stop the opponent's countdown. */
    presenceChanged(key: string, online: boolean): void {
      const id = activeByPlayer.get(key);
      const round = id ? rounds.get(id) : undefined;
      if (!round) return;
      const color = playerKey(round.players.w) === key ? "w" : "b";
      const t = now();
      round.goneSince[color] = online ? null : t;
      // On the game's writer, so that states are written in the order they were made.
      void queue.run(round.id, () => saveState(round));
      notifier.toPlayer(round.players[other(color)], "opponentPresence", {
        gameId: round.id,
        connected: online,
        ...(online ? {} : { claimableAt: t + GONE_CLAIM_MS[round.timeClass] }),
      });
    },

    /** Backs up the timers: every active game whose deadline passed is checked. */
    sweep(): void {
      const t = now();
      for (const id of unsaved.keys()) void check(id);
      for (const id of uncertain) void check(id);
      for (const round of rounds.values()) {
        const due = flaggedSide(round, t) || (round.firstMoveDeadline !== null && t >= round.firstMoveDeadline);
        if (due) void check(round.id);
      }
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
      for (const row of rows) {
        const round = roundFromRow(row, await repo.moves(row.id));
        const epoch = await repo.takeOwnership(row.id);
        if (epoch === undefined) continue;
        round.epoch = epoch;
        resume(round, lastAlive ?? round.clock.runningSince ?? t, t);
        register(round);
      }
      return rows.length;
    },

    /** Keeps this node's leases, lets go of games another node took, takes over games nobody holds. */
    async maintainLeases(): Promise<void> {
      if (!leases.shared) return;
      let lost: string[];
      try {
        lost = await leases.renew([...rounds.keys()]);
        renewedAt = now();
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

    /** Graceful stop: hands this node's games over, noting the time so nobody is charged for the switch. */
    async release(): Promise<void> {
      await leases.release([...rounds.keys()], now());
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

  async function loadRound(gameId: string): Promise<GameRound | undefined> {
    const row = await repo.game(gameId);
    if (!row) return undefined;
    return roundFromRow(row, await repo.moves(gameId));
  }
}

export type GamesService = ReturnType<typeof createGamesService>;
