import {
  type Berserked,
  type ClocksHeld,
  type ClocksResumed,
  type Color,
  deltaFor,
  type GameOver,
  type GameStarted,
  type GameUpdate,
  type MoveInput,
  other,
  type WinningColor,
} from "@chess/shared";
import { type PlayedMove, replayLine, samePosition } from "../board/index.ts";
import { canMoveNow, liveLine } from "./gameSelectors.ts";
import type { GameResult, GameState, RematchState } from "./gameState.ts";

export type { GameResult, GameState, RematchState } from "./gameState.ts";

export type GameAction =
  | { type: "snapshot"; game: GameStarted; now: number }
  | { type: "update"; update: GameUpdate; now: number }
  | { type: "gameOver"; over: GameOver; now: number }
  /** The game's server cannot store moves: the clocks stand still (protocol `clocksHeld`). */
  | { type: "clocksHeld"; held: ClocksHeld; now: number }
  /** It can again: the clocks run on from what it says (protocol `clocksResumed`). */
  | { type: "clocksResumed"; resumed: ClocksResumed; now: number }
  /** I played this move (already checked legal); it is shown at once. */
  | { type: "moveSent"; ply: PlayedMove }
  /** The server refused my pending move. */
  | { type: "moveFailed" }
  | { type: "premoveSet"; move: MoveInput }
  | { type: "premoveCleared" }
  /** Show the position after `ply` half-moves; null (or the live ply) follows the game again. */
  | { type: "viewPly"; ply: number | null }
  | { type: "step"; delta: -1 | 1 }
  | { type: "drawOffered"; gameId: string }
  | { type: "drawSent" }
  | { type: "drawDeclined"; gameId: string }
  /** I answered the opponent's draw offer. */
  | { type: "drawAnswered" }
  | { type: "takebackProposed"; gameId: string }
  | { type: "takebackSent" }
  | { type: "takebackDeclined"; gameId: string }
  /** I answered the opponent's takeback proposal. */
  | { type: "takebackAnswered" }
  | {
      type: "presence";
      gameId: string;
      connected: boolean;
      claimableAt?: number;
      left?: boolean;
      since?: number;
      now: number;
    }
  | { type: "rematchSent"; offerId: string }
  | { type: "rematchReceived"; previousGameId: string; offerId: string; by: string }
  | { type: "rematchDeclined"; previousGameId: string }
  | { type: "rematchCancelled"; previousGameId: string; offerId?: string }
  /** My offer was withdrawn or the opponent's answered. */
  | { type: "rematchCleared" }
  /** A player of an arena game halved their clock (protocol `berserked`). */
  | { type: "berserked"; berserked: Berserked; now: number }
  | { type: "resyncRequested" };

export const colorWord = (c: Color): "white" | "black" => (c === "w" ? "white" : "black");

function outcomeOf(winningColor: WinningColor | "none" | undefined, me: Color): "win" | "draw" | "loss" | null {
  if (winningColor === undefined || winningColor === "none") return null;
  if (winningColor === "draw") return "draw";
  return winningColor === colorWord(me) ? "win" : "loss";
}

function resultOfSnapshot(game: GameStarted, myColor: Color | null): GameResult | null {
  if (game.status === "active") return null;
  const winningColor = game.status === "aborted" ? "none" : (game.winningColor ?? "none");
  const winner = winningColor === "white" ? game.white : winningColor === "black" ? game.black : winningColor;
  const outcome = myColor ? outcomeOf(winningColor, myColor) : null;
  return {
    winningColor,
    reason: game.reason ?? (game.status === "aborted" ? "abort" : "resign"),
    winner,
    myEloChange: myColor === null ? null : outcome && game.rated ? deltaFor(game.eloDeltas, outcome) : 0,
    ...(game.eloChange ? { eloChange: game.eloChange } : {}),
  };
}

/** After this long gone, the opponent's absence is shown (lichess: ~5 s); a reload takes less. */
export const GONE_NOTICE_DELAY_MS = 5_000;

/**
 * The opponent's absence (local times): shown once they have been gone a few seconds, counted from when
 * they went (`since`, when the server says; else from when it is learnt), and at the latest when the claim
 * opens. A reload, or players coming back after a restart, pass unseen; a connection that went silent was
 * gone for seconds before the server noticed, and shows at once.
 */
const goneNotice = (claimableAt: number, since: number) => ({
  showFrom: Math.min(since + GONE_NOTICE_DELAY_MS, claimableAt),
  claimableAt,
});

/** The state of a game from a full snapshot (gameStarted, resync or watch). */
export function gameFromSnapshot(game: GameStarted, now: number): GameState {
  const myColor: Color | null = game.spectator ? null : game.isWhite ? "w" : "b";
  const serverOffset = now - game.serverTime;
  const history = replayLine(game.initialFen, game.moves).moves;
  return {
    gameId: game.gameId,
    myColor,
    white: game.white,
    black: game.black,
    ratings: game.ratings ?? { w: null, b: null },
    rated: game.rated,
    variant: game.variant,
    timeClass: game.timeClass,
    baseTime: game.baseTime,
    increment: game.increment,
    untimed: game.untimed === true,
    eloDeltas: game.eloDeltas,
    initialFen: game.initialFen,
    ...(game.startEval !== undefined ? { startEval: game.startEval } : {}),
    history,
    turn: game.currentTurn,
    eventNo: game.eventNo,
    // A clock that waits for its player after a restart runs from its start time (clockTimes counts from `at`).
    clock:
      game.clockStartsAt !== undefined && game.status === "active"
        ? { timeLeft: { ...game.timeLeft }, running: true, at: game.clockStartsAt + serverOffset }
        : {
            timeLeft: { ...game.timeLeft },
            running: game.clockRunning && game.status === "active" && !game.clocksHeld,
            at: now,
          },
    serverOffset,
    clocksHeld:
      game.clocksHeld && game.status === "active"
        ? { since: Math.min(now, game.clocksHeld.since + serverOffset) }
        : null,
    firstMoveDeadline:
      game.firstMoveDeadline !== undefined && game.status === "active" ? game.firstMoveDeadline + serverOffset : null,
    status: game.status,
    result: resultOfSnapshot(game, myColor),
    pending: null,
    premove: null,
    viewPly: null,
    drawOffer: drawOfferOf(game, myColor),
    takeback: takebackOf(game, myColor),
    // A server from before the preference sends no word: every player took them then.
    opponentTakesTakebacks: myColor !== null && (game.takesTakebacks?.[other(myColor)] ?? true),
    opponentGone:
      game.opponentClaimableAt !== undefined && game.status === "active"
        ? goneNotice(
            game.opponentClaimableAt + serverOffset,
            game.opponentGoneSince !== undefined ? Math.min(game.opponentGoneSince + serverOffset, now) : now,
          )
        : null,
    rematch: rematchOf(game),
    tournament: game.tournament ?? null,
    berserk: { w: game.berserk?.w ?? false, b: game.berserk?.b ?? false },
    needsResync: false,
  };
}

function drawOfferOf(game: GameStarted, me: Color | null): GameState["drawOffer"] {
  if (game.drawOfferBy === undefined || me === null || game.status !== "active") return null;
  return game.drawOfferBy === me ? "fromMe" : "fromOpponent";
}

function takebackOf(game: GameStarted, me: Color | null): GameState["takeback"] {
  if (game.takebackProposedBy === undefined || me === null || game.status !== "active") return null;
  return game.takebackProposedBy === me ? "fromMe" : "fromOpponent";
}

function rematchOf(game: GameStarted): RematchState {
  const o = game.rematchOffer;
  if (!o) return { kind: "none" };
  return o.mine ? { kind: "sent", offerId: o.offerId } : { kind: "received", offerId: o.offerId, by: o.by };
}

export function gameReducer(state: GameState | null, action: GameAction): GameState | null {
  if (action.type === "snapshot") return applySnapshot(state, action.game, action.now);
  if (!state) return state;
  switch (action.type) {
    case "update":
      return applyUpdate(state, action.update, action.now);
    case "gameOver":
      return applyGameOver(state, action.over, action.now);
    case "clocksHeld":
      if (action.held.gameId !== state.gameId || state.status !== "active") return state;
      return {
        ...state,
        clock: { timeLeft: { ...action.held.timeLeft }, running: false, at: action.now },
        clocksHeld: { since: Math.min(action.now, action.held.since + state.serverOffset) },
      };
    case "clocksResumed": {
      const { resumed } = action;
      if (resumed.gameId !== state.gameId || state.status !== "active") return state;
      return {
        ...state,
        clock: {
          timeLeft: { ...resumed.timeLeft },
          running: resumed.clockRunning,
          at: Math.min(action.now, resumed.serverTime + state.serverOffset),
        },
        clocksHeld: null,
        firstMoveDeadline:
          resumed.firstMoveDeadline !== undefined
            ? resumed.firstMoveDeadline + state.serverOffset
            : state.firstMoveDeadline,
      };
    }
    case "moveSent":
      if (!canMoveNow(state)) return state;
      return { ...state, pending: action.ply, premove: null, viewPly: null };
    case "moveFailed":
      return { ...state, pending: null };
    case "premoveSet":
      if (state.status !== "active" || !state.myColor) return state;
      return { ...state, premove: action.move };
    case "premoveCleared":
      return state.premove ? { ...state, premove: null } : state;
    case "viewPly": {
      const live = liveLine(state).length;
      const ply = action.ply === null || action.ply >= live ? null : Math.max(0, action.ply);
      return ply === state.viewPly ? state : { ...state, viewPly: ply };
    }
    case "step": {
      const live = liveLine(state).length;
      const current = state.viewPly ?? live;
      const next = Math.min(live, Math.max(0, current + action.delta));
      return gameReducer(state, { type: "viewPly", ply: next });
    }
    case "drawOffered":
      if (action.gameId !== state.gameId || state.status !== "active") return state;
      return { ...state, drawOffer: "fromOpponent" };
    case "drawSent":
      return state.status === "active" ? { ...state, drawOffer: "fromMe" } : state;
    case "drawDeclined":
      if (action.gameId !== state.gameId) return state;
      return state.drawOffer === "fromMe" ? { ...state, drawOffer: null } : state;
    case "drawAnswered":
      return { ...state, drawOffer: null };
    case "takebackProposed":
      if (action.gameId !== state.gameId || state.status !== "active") return state;
      return { ...state, takeback: "fromOpponent" };
    case "takebackSent":
      return state.status === "active" ? { ...state, takeback: "fromMe" } : state;
    case "takebackDeclined":
      if (action.gameId !== state.gameId) return state;
      return state.takeback === "fromMe" ? { ...state, takeback: null } : state;
    case "takebackAnswered":
      return { ...state, takeback: null };
    case "presence": {
      if (action.gameId !== state.gameId) return state;
      if (action.connected || state.status !== "active") return { ...state, opponentGone: null };
      const claimableAt = action.claimableAt !== undefined ? action.claimableAt + state.serverOffset : action.now;
      const since = action.since !== undefined ? Math.min(action.since + state.serverOffset, action.now) : action.now;
      return { ...state, opponentGone: goneNotice(claimableAt, since) };
    }
    case "rematchSent":
      return { ...state, rematch: { kind: "sent", offerId: action.offerId } };
    case "rematchReceived":
      if (action.previousGameId !== state.gameId) return state;
      return { ...state, rematch: { kind: "received", offerId: action.offerId, by: action.by } };
    case "rematchDeclined":
      if (action.previousGameId !== state.gameId || state.rematch.kind !== "sent") return state;
      return { ...state, rematch: { kind: "declined" } };
    case "rematchCancelled":
      if (action.previousGameId !== state.gameId) return state;
      // My own offer, withdrawn from another of my tabs: nothing is out any more (unless a newer one is).
      if (state.rematch.kind === "sent")
        return action.offerId === undefined || action.offerId === state.rematch.offerId
          ? { ...state, rematch: { kind: "none" } }
          : state;
      if (state.rematch.kind !== "received") return state;
      return { ...state, rematch: { kind: "cancelled" } };
    case "rematchCleared":
      return { ...state, rematch: { kind: "none" } };
    case "berserked": {
      const b = action.berserked;
      if (b.gameId !== state.gameId || state.status !== "active") return state;
      return {
        ...state,
        berserk: { ...state.berserk, [b.color]: true },
        clock: {
          ...state.clock,
          timeLeft: { ...b.timeLeft },
          at: Math.min(action.now, b.serverTime + state.serverOffset),
        },
      };
    }
    case "resyncRequested":
      return state.needsResync ? { ...state, needsResync: false } : state;
  }
}

function applySnapshot(state: GameState | null, game: GameStarted, now: number): GameState | null {
  if (state && state.gameId !== game.gameId) return state;
  // An older snapshot than what we have (e.g. route state after a reload) changes nothing.
  if (state && game.eventNo < state.eventNo) return state;
  const fresh = gameFromSnapshot(game, now);
  if (!state) return fresh;
  const live = fresh.history.length;
  const active = fresh.status === "active";
  return {
    ...fresh,
    // Local things the snapshot knows nothing of survive it while they still make sense.
    pending: active && state.pending && live === state.history.length ? state.pending : null,
    premove: active ? state.premove : null,
    viewPly: state.viewPly !== null && state.viewPly < live ? state.viewPly : null,
    // The server's word on offers and absence, which a reload or a restart keeps; else what we knew.
    drawOffer: fresh.drawOffer,
    takeback: fresh.takeback,
    opponentGone: active ? fresh.opponentGone : null,
    rematch: fresh.rematch.kind !== "none" ? fresh.rematch : state.rematch,
    serverOffset: fresh.serverOffset,
  };
}

function applyUpdate(state: GameState, update: GameUpdate, now: number): GameState {
  if (update.gameId !== state.gameId || state.status !== "active") return state;
  const ply = state.history.length;
  // Already applied (our own move's echo, a duplicate or a late one): idempotent by ply.
  if (update.ply <= ply) return state;
  if (update.ply > ply + 1) return { ...state, needsResync: true };
  const { move } = update;
  const played: PlayedMove = {
    from: move.from,
    to: move.to,
    ...(move.promotion ? { promotion: move.promotion } : {}),
    san: move.san,
    fen: update.fen,
  };
  const mover = other(update.currentTurn);
  const offerWithdrawn =
    (state.drawOffer === "fromOpponent" && mover === state.myColor) || declinesMyDrawOffer(state, update);
  return {
    ...state,
    history: [...state.history, played],
    turn: update.currentTurn,
    eventNo: Math.max(state.eventNo, update.eventNo),
    // When the server read the clocks, on our clock: a late update (a stalled connection) does not hand the
    // side to move the time it spent in transit. Never later than now: the offset may be stale.
    clock: {
      timeLeft: { ...update.timeLeft },
      running: update.clockRunning,
      at: update.serverTime !== undefined ? Math.min(now, update.serverTime + state.serverOffset) : now,
    },
    firstMoveDeadline: update.firstMoveDeadline !== undefined ? update.firstMoveDeadline + state.serverOffset : null,
    pending: null,
    viewPly: null,
    drawOffer: offerWithdrawn ? null : state.drawOffer,
    // Any move lets a takeback proposal lapse (the server's rule).
    takeback: null,
  };
}

/**
 * Whether `update` is my opponent's next move while my draw offer waits: playing on declines it (as on
 * lichess), and I am told so as if they had pressed Decline.
 */
export function declinesMyDrawOffer(state: GameState, update: GameUpdate): boolean {
  return (
    update.gameId === state.gameId &&
    state.status === "active" &&
    state.drawOffer === "fromMe" &&
    state.myColor !== null &&
    update.ply === state.history.length + 1 &&
    other(update.currentTurn) !== state.myColor
  );
}

function applyGameOver(state: GameState, over: GameOver, now: number): GameState {
  if (over.gameId !== state.gameId || state.status !== "active") return state;
  const outcome = state.myColor ? outcomeOf(over.winningColor, state.myColor) : null;
  const liveFen = state.history.at(-1)?.fen ?? state.initialFen;
  return {
    ...state,
    status: over.reason === "abort" ? "aborted" : "finished",
    result: {
      winningColor: over.winningColor,
      reason: over.reason,
      winner: over.winner,
      myEloChange: state.myColor ? (outcome ? over.eloChange[state.myColor] : 0) : null,
      ...(state.rated && over.reason !== "abort" && over.winningColor !== "none" ? { eloChange: over.eloChange } : {}),
    },
    eventNo: Math.max(state.eventNo, over.eventNo),
    clock: { timeLeft: { ...over.timeLeft }, running: false, at: now },
    firstMoveDeadline: null,
    pending: null,
    premove: null,
    drawOffer: null,
    takeback: null,
    opponentGone: null,
    // The final move's update went missing: fetch the whole game.
    needsResync: state.needsResync || !samePosition(over.fen, liveFen),
  };
}
