import {
  type Ack,
  type ActorId,
  actorKey,
  Board,
  type ByColor,
  DEFAULT_ELO,
  eloDeltas,
  fail,
  type GameStarted,
  isLiveTimeClass,
  type LiveTimeClass,
  type MovePayload,
  NO_ELO_CHANGE,
  newClock,
  other,
  START_FEN,
  type TakebackChoice,
  takesTakebacks,
  timeClassOf,
  type Variant,
} from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Bus } from "../../bus.ts";
import type { BusReply } from "../../realtime/nodeBus.ts";
import { type Departure, PING_TIMEOUT_MS } from "../../realtime/presence.ts";
import { shortId } from "../../util/ids.ts";
import { KeyedQueue } from "../../util/keyedQueue.ts";
import { TOO_LATE, within } from "./answerDeadline.ts";
import { type GameLeases, localLeases } from "./gameLeases.ts";
import { createGameOwnership } from "./gameOwnership.ts";
import {
  claimableAt,
  clocksAt,
  colorOf,
  firstMoveDeadlineAt,
  type GameRound,
  idleDeadlineAt,
  type PlayerRef,
  wentSilentAt,
} from "./gameRound.ts";
import { clocksHeldJson, gameStartedJson } from "./gamesJson.ts";
import type { GameNotifier } from "./gamesNotifier.ts";
import { type GamesRepo, type NewGameRow, type RatingInfo, ratingKey } from "./gamesRepo.ts";
import { LiveRounds } from "./liveRounds.ts";
import { readBack, settledWrite, sqlState } from "./lostReply.ts";
import { MoveWriter } from "./moveWriter.ts";
import { decide, dueEnd, ended, type RoundCommand } from "./roundCommands.ts";
import { createRoundPublisher, type PublishAck } from "./roundPublisher.ts";
import { roundStateOf } from "./roundState.ts";

export interface NewGame {
  white: PlayerRef;
  black: PlayerRef;
  variant: Variant;
  baseTime: number;
  increment: number;
  /** No clock at all (games against the computer only): baseTime and increment are then ignored. */
  untimed?: boolean;
  /** The computer plays one side: no first-move limit (see firstMoveDeadlineAt). */
  againstComputer?: boolean;
  initialFen?: string;
  /** A dealt jumpstart position's evaluation (pawns, White's view), shown to the players. */
  startEval?: number;
  clubId?: number | null;
  rematchOf?: string;
  /** The id to start it under (an arena names its games before they start); a new one when absent. */
  id?: string;
  /** False: casual even between two accounts (a casual arena). */
  rated?: boolean;
  /** An arena game: its tournament, and whether its players may berserk. */
  tournament?: { id: string; name: string; berserkable: boolean };
}

/** How one game of a batch came out (startMany): live and announced, or not stored (the error why). */
export type StartOutcome = { ok: true; round: GameRound } | { ok: false; error: unknown };

/** How a rematch's start came out (startRematch). */
export type RematchStart = "started" | "gone" | "refused" | "unknown";
/** What a new game's deadline keeps for reading the game back when its write's answer is late. */
const READ_BACK_MS = 1_000;

const GAME_OPS = [
  "move",
  "resign",
  "abort",
  "offerDraw",
  "acceptDraw",
  "declineDraw",
  "claimVictory",
  "claimDraw",
  "takeback",
  "proposeTakeback",
  "acceptTakeback",
  "declineTakeback",
  "berserk",
] as const;
export type GameOp = (typeof GAME_OPS)[number];
/** A player's action passed from the node they are connected to, to the node writing the game. */
export interface GameCall {
  op: GameOp | "snapshot" | "adoptSeat";
  gameId: string;
  actor: ActorId;
  payload?: MovePayload;
  /** adoptSeat: the account that takes the actor's (a guest's) seat. */
  account?: PlayerRef;
  /**
   * A command: what is left of its deadline when it was passed on (ms). The node writing the game answers
   * within it, so that the node the player is connected to can answer them by their own deadline.
   */
  withinMs?: number;
}

/** STATEMENT_TIMEOUT_MS's default: what a command's answer waits for at most, unless the node says otherwise. */
const ANSWER_WITHIN_MS = 5_000;
/** Without a write stored for this long, the sweeper asks the database whether it answers. */
const PROBE_IDLE_MS = 1_000;
const HELD_MESSAGE = "The game server cannot save moves right now - the clocks stand still until it can";
/** What a command passed to another node leaves for the answer's way back over the node bus. */
const RELAY_RETURN_MS = 300;
/** A command passed to another node got no answer in time: it may have been carried out there. */
const RELAY_LATE = fail(
  "unsettled",
  "The game server did not answer in time - what you did is shown if it was saved, and the clocks stand still until then",
);
const answerOf = (reply: BusReply | undefined) => (typeof reply === "object" ? reply.answer : undefined);

/** The socket event's payload as a round command. */
function commandOf(op: GameOp, payload: MovePayload | undefined): RoundCommand | undefined {
  if (op !== "move") return { type: op };
  return payload ? { type: "move", move: payload.move, ply: payload.ply, lag: payload.lag } : undefined;
}

/**
 * The live games of this node, composed (ARCHITECTURE §5): a call finds the game's writer (ownership), runs
 * on the game's queue, is decided by the pure round commands and made real by the publisher.
 */
export function createGamesService(deps: {
  repo: GamesRepo;
  notifier: GameNotifier;
  isOnline: (key: string) => boolean;
  logger: FastifyBaseLogger;
  /** gameStarted, gameMoved and gameFinished are published here, for whichever area needs them. */
  bus: Bus;
  /** Which node writes each game; this one alone without Redis. */
  leases?: GameLeases;
  /** Passes a call to the node holding the game, with its answer or why none came (by `timeoutMs`, if given). */
  forward?: (node: string, call: GameCall, timeoutMs?: number) => Promise<BusReply>;
  /** Whether a node is alive to hear forwarded calls; a game held by a dead node is taken over. */
  isNodeAlive?: (node: string) => Promise<boolean>;
  now?: () => number;
  /** The server's own first-move limits by speed (config FIRST_MOVE_LIMITS_MS); undefined: FIRST_MOVE_MS. */
  firstMoveMs?: Record<LiveTimeClass, number>;
  /** Accounts' choices of takebacks (preferences); without it, and for guests, every player takes them. */
  takebackChoices?: (userIds: number[]) => Promise<ReadonlyMap<number, TakebackChoice>>;
  /**
   * A command is answered within this (the node's STATEMENT_TIMEOUT_MS), whatever the database does: a write
   * not answered by then is settled later, its game's clocks standing still meanwhile. Default 5 s.
   */
  answerWithinMs?: number;
}) {
  const { repo, notifier, logger } = deps;
  const now = deps.now ?? Date.now;
  const queue = new KeyedQueue();
  const rounds = new LiveRounds((gameId) => void check(gameId), now);
  const leases = deps.leases ?? localLeases("local");
  const ownership = createGameOwnership({
    repo,
    leases,
    rounds,
    queue,
    notifier,
    logger,
    now,
    isOnline: deps.isOnline,
    isNodeAlive: deps.isNodeAlive,
    firstMoveMs: deps.firstMoveMs,
    forget: (id) => publisher.forget(id),
    adopted: (round) => {
      deps.bus.publish("gameAdopted", { gameId: round.id, players: [round.players.w, round.players.b] });
    },
  });
  const publisher = createRoundPublisher({
    repo,
    writer: new MoveWriter(repo),
    notifier,
    bus: deps.bus,
    rounds,
    logger,
    now,
    letGo: ownership.letGo,
    writeFailed: (round) => void ownership.letGoIfTaken(round),
    // Writes stored since this one was asked for: the database answers, this game alone waits for it.
    cannotStore: (gameId, since) => (publisher.storedAt() > since ? hold(gameId, since) : holdAll(since)),
    firstMoveMs: deps.firstMoveMs,
  });
  const answerWithinMs = deps.answerWithinMs ?? ANSWER_WITHIN_MS;
  const deadline = () => now() + answerWithinMs;
  /** The sweeper's look at the database (a ping, or a held game taken up again) is under way. */
  let probing = false;
  let probes = 0;
  const shared = deps.leases?.shared ?? false;
  /** The node is stopping: its sockets all close, which is no player leaving (they reconnect to the next). */
  let stopping = false;

  /**
   * This node cannot store (a write asked for at `since` failed, or got no answer in time): every game it writes
   * stands still from then, as if the node were down, and its players are told; the sweeper takes them up
   * again once the database answers (resume).
   */
  function holdAll(since: number) {
    for (const id of rounds.ids()) hold(id, since);
  }

  /** The game's clocks stand still from `since`, and its players are told. */
  function hold(gameId: string, since: number) {
    const round = rounds.get(gameId);
    if (round && rounds.hold(gameId, since)) notifier.toGame(gameId, "clocksHeld", clocksHeldJson(round, since, now()));
  }

  /** Takes a held game up again if it can be stored: settled first if a write of it is in doubt. */
  function resumeGame(gameId: string): Promise<boolean> {
    return queue.run(gameId, async () => {
      const by = deadline();
      if (publisher.isUncertain(gameId) && !(await publisher.settle(gameId, by))) return false;
      return publisher.resume(gameId, by);
    });
  }

  /**
   * The sweeper's look at the database: while games are held, one is taken up again (each in turn, so that
   * one that cannot be read holds up none), and the others once it is; else, when nothing was stored for a
   * while, a ping that holds the games if the database does not answer.
   */
  async function probe(): Promise<void> {
    const held = rounds.heldIds();
    if (held.length > 0) {
      const first = held[probes++ % held.length] as string;
      if (await resumeGame(first)) await Promise.all(held.filter((id) => id !== first).map(resumeGame));
      return;
    }
    const since = now();
    if (rounds.size === 0 || since - publisher.storedAt() < PROBE_IDLE_MS) return;
    const answered = await within(repo.ping(), since + answerWithinMs, now).then(
      (a) => a !== TOO_LATE,
      () => false,
    );
    // Not if writes were stored meanwhile: the ping only waited behind them.
    if (!answered && publisher.storedAt() < since) holdAll(since);
  }

  /** Ends the game if its clock or an end not yet stored says so. Serialized on the game's writer. */
  function check(gameId: string): Promise<void> {
    return queue
      .run(gameId, async () => {
        const by = deadline();
        if (publisher.isUncertain(gameId) && !(await publisher.settle(gameId, by))) return;
        const round = rounds.get(gameId);
        if (round?.status !== "active") {
          publisher.forget(gameId);
          return;
        }
        // Nobody flags while the clocks stand still.
        if (rounds.heldSince(gameId) !== undefined) return;
        const end = publisher.unsavedEnd(gameId) ?? dueEnd(round, now());
        if (end) await publisher.publish(round, ended(round, end), by);
      })
      .catch((err: unknown) => logger.warn({ err, gameId }, "game check failed; will retry"));
  }

  /**
   * The actor's game (named, or their current one) on its writer: here, or the node holding it. Answered
   * within `withinMs` (a command passed on from another node), else the node's own deadline.
   */
  async function act(
    actor: ActorId,
    gameId: string | undefined,
    op: GameOp,
    payload?: MovePayload,
    relayed?: { withinMs: number },
  ): Promise<PublishAck> {
    const by = now() + Math.min(answerWithinMs, relayed?.withinMs ?? answerWithinMs);
    const command = commandOf(op, payload);
    if (!command) return fail("validation", "A move is required");
    const id = gameId ?? (await within(activeGameOf(actor), by, now));
    if (id === TOO_LATE) return fail("unavailable", "The game server is waiting for its database - please try again");
    if (!id) return fail("no_game", "You are not playing a game");
    // Finding the game's writer may take it over here (reading it from the database): bounded as well.
    const where = await within(ownership.locate(id), by, now);
    if (where === TOO_LATE || where === "unknown") {
      return fail("unavailable", "The game server is busy - please try again");
    }
    if (where !== "here") {
      if (relayed) return fail("unavailable", "The game is moving to another server - please try again");
      const left = by - now();
      if (left <= RELAY_RETURN_MS || !deps.forward) {
        return fail("unavailable", "The game server did not answer - please try again");
      }
      // The writer answers by the mover's deadline, less the way back; nothing is asked of it after that.
      const call: GameCall = { op, gameId: id, actor, payload, withinMs: left - RELAY_RETURN_MS };
      const reply = await deps.forward(where, call, left);
      if (reply === "late") return RELAY_LATE;
      const answer = answerOf(reply) as PublishAck | undefined;
      return answer ?? fail("unavailable", "The game server did not answer - please try again");
    }
    // Each command is answered by its deadline: the ones before it in the queue kept theirs, so one that
    // finds its own passed has waited behind a database that does not answer.
    return queue.run(id, async (): Promise<PublishAck> => {
      if (now() >= by) return fail("unavailable", "The game server is waiting for its database - please try again");
      if (publisher.isUncertain(id) && !(await publisher.settle(id, by))) {
        return fail("unsettled", "The game's last move is being checked - the clocks stand still until then");
      }
      let round = rounds.get(id);
      if (!round) return fail("no_game", "This game is not being played");
      const color = colorOf(round, actor);
      if (!color) return fail("forbidden", "You are not playing this game");
      if (round.status !== "active") return fail("over", "This game is over");
      if (rounds.heldSince(id) !== undefined) {
        if (!(await publisher.resume(id, by))) return fail("unavailable", HELD_MESSAGE);
        round = rounds.get(id);
        if (!round) return fail("no_game", "This game is not being played");
      }
      return publisher.publish(round, decide(round, color, command, now()), by);
    });
  }

  /** On the game's writer: `account` takes the seat of `guest`, the game unchanged (it stays unrated). */
  async function adoptSeatHere(gameId: string, guest: ActorId, account: PlayerRef): Promise<boolean> {
    const done = await queue.run(gameId, async () => {
      const round = rounds.get(gameId);
      const color = round && colorOf(round, guest);
      if (!round || !color || round.status !== "active") return false;
      const next: GameRound = { ...round, players: { ...round.players, [color]: account } };
      return rounds.reseat(round, next);
    });
    // Their tabs come back under the account; the seat is taken if one of them is at the board already.
    const key = actorKey(account);
    if (done) service.presenceChanged(key, deps.isOnline(key));
    return done;
  }

  async function activeGameOf(actor: ActorId): Promise<string | undefined> {
    const here = rounds.gameOf(actorKey(actor));
    if (here || !shared) return here;
    return repo.activeGameOf(actor);
  }

  /**
   * A new game's write whose outcome was not known by its deadline: once it is over, the game is read back,
   * and `started` announces it if it is there.
   */
  function whenKnown(write: Promise<unknown>, isStored: () => Promise<boolean>, started: () => Promise<unknown>) {
    void write
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => readBack(isStored, now() + answerWithinMs, now))
      .then((there) => {
        if (there) return started();
        if (there === undefined) logger.warn("a new game's write is still of unknown outcome");
        return undefined;
      })
      .catch((err: unknown) => logger.warn({ err }, "a new game stored late was not announced"));
  }

  /** New games' rounds and rows, nothing stored yet: every player's rating and takeback choice read at once. */
  async function prepareMany(gs: readonly NewGame[]): Promise<Array<{ round: GameRound; row: NewGameRow }>> {
    const rules = gs.map((g) => {
      const untimed = g.untimed === true;
      const tc = untimed ? { baseTime: 0, increment: 0 } : { baseTime: g.baseTime, increment: g.increment };
      // An untimed game needs a class for its rules of presence (GONE_CLAIM_MS) and is never rated: the
      // longest one serves (lichess files it as correspondence, a class the spec's ratings do not have).
      const timeClass = untimed ? "classical" : timeClassOf(tc);
      const rated = !untimed && g.rated !== false && g.white.userId !== null && g.black.userId !== null;
      return { untimed, tc, timeClass, rated };
    });
    const wanted = gs.flatMap((g, i) => {
      const r = rules[i] as (typeof rules)[number];
      if (!r.rated) return [];
      return [g.white, g.black].map((p) => ({
        userId: p.userId as number,
        variant: g.variant,
        timeClass: r.timeClass,
      }));
    });
    const accounts = gs.flatMap((g) => [g.white.userId, g.black.userId].filter((id): id is number => id !== null));
    const [elos, choices] = await Promise.all([
      repo.ratings(wanted),
      deps.takebackChoices && accounts.length > 0 ? deps.takebackChoices(accounts) : undefined,
    ]);
    return gs.map((g, i) => {
      const { untimed, tc, timeClass, rated } = rules[i] as (typeof rules)[number];
      const ratingOf = (p: PlayerRef): RatingInfo =>
        elos.get(ratingKey({ userId: p.userId as number, variant: g.variant, timeClass })) ?? {
          elo: DEFAULT_ELO,
          games: 0,
        };
      const [wr, br] = rated ? [ratingOf(g.white), ratingOf(g.black)] : [null, null];
      const takes = (p: PlayerRef) => {
        const choice = p.userId === null ? undefined : choices?.get(p.userId);
        return choice === undefined || takesTakebacks(choice, rated);
      };
      return build(g, { untimed, tc, timeClass, rated, wr, br, takesW: takes(g.white), takesB: takes(g.black) });
    });
  }

  /** One new game's round and row, from what prepareMany read. */
  function build(
    g: NewGame,
    r: {
      untimed: boolean;
      tc: { baseTime: number; increment: number };
      timeClass: LiveTimeClass;
      rated: boolean;
      wr: RatingInfo | null;
      br: RatingInfo | null;
      takesW: boolean;
      takesB: boolean;
    },
  ): { round: GameRound; row: NewGameRow } {
    const { untimed, tc, timeClass, rated, wr, br, takesW, takesB } = r;
    const deltas = {
      w: wr && br ? eloDeltas(wr.elo, br.elo, wr.games) : NO_ELO_CHANGE,
      b: wr && br ? eloDeltas(br.elo, wr.elo, br.games) : NO_ELO_CHANGE,
    };
    const board = Board.fromFen(g.initialFen ?? START_FEN);
    const baseMs = Math.round(tc.baseTime * 60_000);
    const incrementMs = tc.increment * 1000;
    const t = now();
    const round: GameRound = {
      id: g.id ?? shortId(),
      variant: g.variant,
      timeClass,
      baseMs,
      incrementMs,
      untimed,
      againstComputer: g.againstComputer === true,
      initialFen: board.fen(),
      startEval: g.startEval ?? null,
      rated,
      clubId: g.clubId ?? null,
      players: { w: g.white, b: g.black },
      elo: { w: wr?.elo ?? null, b: br?.elo ?? null },
      deltas,
      board,
      sanMoves: null,
      lastMove: null,
      clock: { ...newClock(baseMs, incrementMs), turn: board.turn() },
      ply: 0,
      status: "active",
      result: null,
      drawOfferBy: null,
      lastDrawOfferPly: { w: -100, b: -100 },
      takebackProposedBy: null,
      lastTakebackProposalPly: { w: -1, b: -1 },
      // No takebacks in an arena's games (lichess: none in tournaments), whatever the players' preference.
      takesTakebacks: g.tournament ? { w: false, b: false } : { w: takesW, b: takesB },
      firstMoveDeadline: null,
      idleDeadline: null,
      goneSince: { w: null, b: null },
      goneLeft: { w: false, b: false },
      eventNo: 0,
      createdAt: t,
      epoch: 1,
      ...(deps.firstMoveMs ? { firstMoveMs: deps.firstMoveMs[timeClass] } : {}),
      ...(g.tournament ? { tournament: g.tournament, berserk: { w: false, b: false } } : {}),
    };
    round.firstMoveDeadline = firstMoveDeadlineAt(round, t);
    round.idleDeadline = idleDeadlineAt(round, t);
    const row: NewGameRow = {
      id: round.id,
      variant: round.variant,
      timeClass,
      baseMs,
      incrementMs,
      untimed,
      againstComputer: round.againstComputer,
      initialFen: round.initialFen,
      startEval: round.startEval,
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
      tournamentId: g.tournament?.id ?? null,
      roundState: roundStateOf(round),
      ownerEpoch: round.epoch,
      ownerNode: leases.nodeId,
      createdAt: new Date(t),
    };
    return { round, row };
  }

  /**
   * New games' rows, stored by `by` in one statement: for each, true, or the error why it is not stored. A row
   * whose answer was lost may be stored all the same: read back, so that no game is left unannounced. One row
   * the database refuses fails the statement: each is then tried alone, and only that one is lost.
   */
  async function storeNew(rows: NewGameRow[], by: number): Promise<Array<"stored" | { error: unknown }>> {
    const ids = rows.map((r) => r.id as string);
    const isStored = async () => (await repo.stored(ids)).size === ids.length;
    try {
      if ((await settledWrite(repo.insertGames(rows), isStored, by, now)) !== "unknown")
        return rows.map(() => "stored");
      const error = Object.assign(new Error("the new games' rows: no answer in time"), { code: "ETIMEDOUT" });
      return rows.map(() => ({ error }));
    } catch (error) {
      if (rows.length === 1 || now() >= by) return rows.map(() => ({ error }));
      return (await Promise.all(rows.map((row) => storeNew([row], by)))).flat();
    }
  }

  /** A stored new game goes live here: each player gets gameStarted. */
  async function announce(round: GameRound): Promise<void> {
    await ownership.claimNew(round.id);
    rounds.register(round);
    const t = now();
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
  }

  const service = {
    /** The game the actor is playing now, if any (on any node). */
    activeGameOf,
    /** Creates, persists and announces a game; each player gets gameStarted. Throws when it is not stored. */
    async start(g: NewGame): Promise<GameRound> {
      const [started] = await service.startMany([g]);
      if (!started?.ok) throw started?.error;
      return started.round;
    },

    /**
     * Creates, persists and announces several games (an arena's wave): every player's rating read in one query,
     * their takeback choices in another, the rows written in one statement, then each game announced. Each
     * game's outcome in order: a game not stored is not started (the error why), and costs the others nothing.
     */
    async startMany(gs: readonly NewGame[]): Promise<StartOutcome[]> {
      if (gs.length === 0) return [];
      let prepared: Array<{ round: GameRound; row: NewGameRow }>;
      try {
        prepared = await prepareMany(gs);
      } catch (error) {
        return gs.map(() => ({ ok: false, error }));
      }
      const stored = await storeNew(
        prepared.map((p) => p.row),
        deadline(),
      );
      return Promise.all(
        prepared.map(async ({ round }, i): Promise<StartOutcome> => {
          const s = stored[i];
          if (s !== "stored") return { ok: false, error: s?.error };
          try {
            await announce(round);
          } catch (error) {
            return { ok: false, error };
          }
          return { ok: true, round };
        }),
      );
    },

    /**
     * Starts a rematch under its offer's id, storing it with taking the offer (one transaction), settled by the
     * deadline: "started" (each player got gameStarted), "gone" (nothing stored: the offer was not there),
     * "refused" (the database would not store it), or "unknown": no answer in time, the players are sent to
     * the game if it turns out stored.
     */
    async startRematch(g: NewGame, offerId: string, freshSince: Date): Promise<RematchStart> {
      const [{ round, row }] = (await prepareMany([{ ...g, id: offerId }])) as [{ round: GameRound; row: NewGameRow }];
      const by = deadline();
      const isStored = async () => (await repo.game(round.id)) !== undefined;
      let announced: Promise<void> | undefined;
      const started = async (): Promise<"started"> => {
        announced ??= announce(round);
        await announced;
        return "started";
      };
      for (;;) {
        const write = repo.insertRematch(row, offerId, freshSince);
        let taken: boolean | typeof TOO_LATE;
        try {
          taken = await within(write, by - READ_BACK_MS, now);
        } catch (err) {
          if (sqlState(err) !== undefined) return "refused";
          // The connection went: the game is there if the transaction committed, else nothing of it is.
          const there = await readBack(isStored, by, now);
          if (there) return started();
          if (there === undefined) {
            whenKnown(write, isStored, started);
            return "unknown";
          }
          if (by - now() > READ_BACK_MS) continue;
          return "refused";
        }
        if (taken === TOO_LATE) {
          // Its answer may be all that is late: the database is asked whether the game is there.
          if (await readBack(isStored, by, now)) return started();
          whenKnown(write, isStored, started);
          return "unknown";
        }
        return taken ? started() : "gone";
      }
    },

    move(actor: ActorId, payload: MovePayload): Promise<Ack<{ ply: number; duplicate?: boolean }>> {
      return act(actor, payload.gameId, "move", payload) as Promise<Ack<{ ply: number; duplicate?: boolean }>>;
    },
    resign: (actor: ActorId, gameId?: string): Promise<Ack> => act(actor, gameId, "resign") as Promise<Ack>,
    abort: (actor: ActorId, gameId?: string): Promise<Ack> => act(actor, gameId, "abort") as Promise<Ack>,
    offerDraw: (actor: ActorId, gameId?: string): Promise<Ack> => act(actor, gameId, "offerDraw") as Promise<Ack>,
    acceptDraw: (actor: ActorId, gameId?: string): Promise<Ack> => act(actor, gameId, "acceptDraw") as Promise<Ack>,
    declineDraw: (actor: ActorId, gameId?: string): Promise<Ack> => act(actor, gameId, "declineDraw") as Promise<Ack>,
    claimVictory: (actor: ActorId, gameId?: string): Promise<Ack> => act(actor, gameId, "claimVictory") as Promise<Ack>,
    claimDraw: (actor: ActorId, gameId?: string): Promise<Ack> => act(actor, gameId, "claimDraw") as Promise<Ack>,
    /** Takes the caller's last move (and the reply) back; whether they may is the caller's to decide. */
    takeback: (actor: ActorId, gameId: string): Promise<Ack<{ ply: number }>> =>
      act(actor, gameId, "takeback") as Promise<Ack<{ ply: number }>>,
    /** Against a person: the takeback asked of the opponent, and their answer. */
    proposeTakeback: (actor: ActorId, gameId?: string): Promise<Ack<{ ply: number } | undefined>> =>
      act(actor, gameId, "proposeTakeback") as Promise<Ack<{ ply: number } | undefined>>,
    acceptTakeback: (actor: ActorId, gameId?: string): Promise<Ack<{ ply: number }>> =>
      act(actor, gameId, "acceptTakeback") as Promise<Ack<{ ply: number }>>,
    declineTakeback: (actor: ActorId, gameId?: string): Promise<Ack> =>
      act(actor, gameId, "declineTakeback") as Promise<Ack>,
    /** An arena game's player halves their clock before their first move. */
    berserk: (actor: ActorId, gameId?: string): Promise<Ack> => act(actor, gameId, "berserk") as Promise<Ack>,

    /** The two players of a game (live or finished). */
    async playersOf(gameId: string): Promise<PlayerRef[]> {
      const round = rounds.get(gameId) ?? (await publisher.loadRound(gameId));
      return round ? [round.players.w, round.players.b] : [];
    },

    /** Whether the actor is one of the game's two players (live or finished). */
    async isPlayer(actor: ActorId, gameId: string): Promise<boolean> {
      const round = rounds.get(gameId) ?? (await publisher.loadRound(gameId));
      return round !== undefined && colorOf(round, actor) !== undefined;
    },

    /** The game as `actor` sees it (a player, or a spectator): from its writer, else from the database. */
    async snapshot(actor: ActorId, gameId: string): Promise<GameStarted | undefined> {
      const holder = deps.forward ? await ownership.holderElsewhere(gameId) : undefined;
      if (holder && deps.forward) {
        const answer = answerOf(await deps.forward(holder, { op: "snapshot", gameId, actor })) as
          | Ack<GameStarted>
          | undefined;
        if (answer?.ok && answer.data) return answer.data;
      }
      const round = rounds.get(gameId) ?? (await publisher.loadRound(gameId));
      // A daily game is shown by its own area (followDaily), with its days rather than a clock.
      if (!round || !isLiveTimeClass(round.timeClass)) return undefined;
      return gameStartedJson(round, colorOf(round, actor) ?? "spectator", now(), rounds.heldSince(gameId));
    },

    /**
     * A guest logged in (or signed up) in the browser playing a live game: their account takes the guest's
     * seat, on whichever node writes the game, so the account finishes it. The stored rows follow through
     * history's adoption of the guest's games. False when the guest plays no live game.
     */
    async adoptSeat(guest: ActorId, account: PlayerRef): Promise<boolean> {
      const id = await activeGameOf(guest);
      if (!id) return false;
      const where = await ownership.locate(id);
      if (where === "here") return adoptSeatHere(id, guest, account);
      if (where === "unknown" || !deps.forward) return false;
      const answer = answerOf(await deps.forward(where, { op: "adoptSeat", gameId: id, actor: guest, account })) as
        | Ack<boolean>
        | undefined;
      return answer?.ok === true && answer.data === true;
    },

    /** A call another node passed on because this node holds the game. */
    async serve(call: GameCall): Promise<Ack<unknown>> {
      if (call.op === "adoptSeat") {
        if (!call.account || !rounds.has(call.gameId)) return fail("no_game", "This game is not being played here");
        return { ok: true, data: await adoptSeatHere(call.gameId, call.actor, call.account) };
      }
      if (call.op === "snapshot") {
        const round = rounds.get(call.gameId);
        if (!round) return fail("no_game", "This game is not being played here");
        const view = gameStartedJson(
          round,
          colorOf(round, call.actor) ?? "spectator",
          now(),
          rounds.heldSince(round.id),
        );
        return { ok: true, data: view };
      }
      if (!GAME_OPS.includes(call.op)) return fail("validation", "Unknown game action");
      const withinMs = typeof call.withinMs === "number" && call.withinMs > 0 ? call.withinMs : answerWithinMs;
      return act(call.actor, call.gameId, call.op, call.payload, { withinMs });
    },

    /** A player's last socket left or one came back: start or stop the opponent's countdown. */
    presenceChanged(key: string, online: boolean, departure: Departure = "lost"): void {
      if (stopping) return;
      const id = rounds.gameOf(key);
      const round = id ? rounds.get(id) : undefined;
      if (!round) return;
      const color = actorKey(round.players.w) === key ? "w" : "b";
      const t = departure === "silent" ? wentSilentAt(round, color, now(), PING_TIMEOUT_MS) : now();
      // Who is connected is no command's: it is shared by a round and the next, and changes in place.
      round.goneSince[color] = online ? null : t;
      round.goneLeft[color] = !online && departure === "left";
      // On the game's writer, so that states are written in the order they were made.
      void queue.run(round.id, async () => {
        const by = deadline();
        // The round state is written whole (offers with presence): a write of unknown outcome is read back
        // first, else this would store the round from before it over what it stored. Until then presence
        // waits in memory (settle keeps it), and is stored with the next state.
        if (publisher.isUncertain(round.id) && !(await publisher.settle(round.id, by))) return;
        const live = rounds.get(round.id);
        if (!live) return;
        const { clock } = live;
        // The mover back after a restart, while their clock waited for them: it runs from now, once stored.
        if (online && clock.turn === color && clock.runningSince !== null && clock.runningSince > t) {
          const next = { ...live, clock: { ...clock, runningSince: t } };
          if (await publisher.saveState(next, by)) rounds.replace(live, next);
        } else await publisher.saveState(live, by);
      });
      notifier.toPlayer(round.players[other(color)], "opponentPresence", {
        gameId: round.id,
        connected: online,
        ...(online ? {} : { claimableAt: claimableAt(round, color) ?? t, left: round.goneLeft[color], since: t }),
      });
    },

    /**
     * Backs up the timers: every active game whose deadline passed is checked, and every unsettled one; held
     * games are taken up again once the database answers, and it is asked when nothing was stored for a while.
     */
    sweep(): void {
      const t = now();
      for (const id of publisher.pending()) void check(id);
      for (const round of rounds.values()) {
        if (rounds.heldSince(round.id) === undefined && dueEnd(round, t)) void check(round.id);
      }
      if (probing) return;
      probing = true;
      void probe()
        .catch((err: unknown) => logger.warn({ err }, "database probe failed"))
        .finally(() => {
          probing = false;
        });
    },

    recover: ownership.recover,
    maintainLeases: ownership.maintainLeases,
    release: ownership.release,

    liveCount(): number {
      return rounds.size;
    },

    stop(): void {
      stopping = true;
      rounds.stopTimers();
      ownership.stop();
    },

    /** For spectators and tests: both players' clocks now (as they stand still while the game is held). */
    clocks(gameId: string): ByColor<number> | undefined {
      const round = rounds.get(gameId);
      return round ? clocksAt(round, now(), rounds.heldSince(gameId)) : undefined;
    },
  };
  return service;
}

export type GamesService = ReturnType<typeof createGamesService>;
