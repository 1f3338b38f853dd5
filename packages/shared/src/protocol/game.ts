import { z } from "zod";
import type { EndReason, WinningColor } from "../chess/gameEnd.ts";
import type { ByColor, Color } from "../domain/clock.ts";
import type { EloDeltas } from "../domain/rating.ts";
import type { TimeClass } from "../domain/timeControl.ts";
import type { Variant } from "../domain/variant.ts";

const square = z.string().regex(/^[a-h][1-8]$/, "must be a square like e4");
const gameId = z.string().min(1).max(64);

/** A move as sent by a client: squares and an optional promotion piece (SPEC §3 Move). */
export const moveInput = z.object({
  from: square,
  to: square,
  promotion: z.enum(["q", "r", "b", "n"]).optional(),
});
export type MoveInput = z.infer<typeof moveInput>;

/**
 * move {move, gameId} (SPEC §7). `ply`, our addition, is the number of half-moves played before this one:
 * with it only that ply is accepted and a resend of the last move is answered as already applied; without it
 * the move applies to the current position (ARCHITECTURE §4).
 */
export const movePayload = z.object({
  gameId,
  move: moveInput,
  ply: z.number().int().min(0).max(10_000).optional(),
  /** The client's own lag estimate (ms), credited within a bounded quota. */
  lag: z.number().min(0).max(60_000).optional(),
});
export type MovePayload = z.infer<typeof movePayload>;

/**
 * forfeit, offerDraw, acceptDraw, abort, claimVictory: the spec sends no payload (some clients send null for
 * "none"); a gameId narrows it.
 */
export const gameActionPayload = z.object({ gameId: gameId.optional() }).nullish();

/** resync {gameId, lastEventNo}: replay what a reconnecting client missed. */
export const resyncPayload = z.object({ gameId, lastEventNo: z.number().int().min(0).optional() });

/** watch {gameId}: follow a game as a spectator. */
export const watchPayload = z.object({ gameId });

/**
 * board {gameId}: the game whose board this client shows its player now, or null when it shows none (another
 * page of the site). Also `auth.board` at connect. A client that never says is at its games' boards.
 */
export const boardPayload = z.object({ gameId: gameId.nullable() });
export type BoardPayload = z.infer<typeof boardPayload>;

/** A move as the server reports it. */
export interface PlayedMove {
  from: string;
  to: string;
  promotion?: string;
  san: string;
}

export type GameStatus = "active" | "finished" | "aborted";

/** gameStarted (SPEC §3 Game start event) plus what a reload needs. Also the answer of `resync` and `watch`. */
export interface GameStarted {
  gameId: string;
  /** Initial clock of each side in ms. */
  gameLength: ByColor<number>;
  isWhite: boolean;
  fen: string;
  initialFen: string;
  /** A jumpstart game: its dealt position's evaluation when it was dealt, in pawns from White's side (1.4). */
  startEval?: number;
  currentTurn: Color;
  eloDeltas: EloDeltas;
  /** Moves so far in SAN. */
  moves: string[];
  /** The other player's name. */
  opponent: string;
  // --- additions
  white: string;
  black: string;
  /** true for a spectator: isWhite then only says which side to show at the bottom. */
  spectator: boolean;
  /** Each side's rating in this game's category when it started, e.g. { w: 1500, b: 1492 }; null for a guest. */
  ratings?: ByColor<number | null>;
  /** A finished rated game: each side's rating change, as in gameOver. */
  eloChange?: ByColor<number>;
  rated: boolean;
  variant: Variant;
  timeClass: TimeClass;
  baseTime: number;
  increment: number;
  /**
   * true for a game without a clock (against the computer only, lichess's "Unlimited"): no clock runs, nobody
   * flags, no first-move deadline; baseTime, increment and timeLeft are then 0.
   */
  untimed?: boolean;
  timeLeft: ByColor<number>;
  /** Whether the side to move's clock is running (clocks start after both first moves). */
  clockRunning: boolean;
  ply: number;
  status: GameStatus;
  winningColor?: WinningColor;
  reason?: EndReason;
  /** Number of the last event of this game; updates carry the next numbers. */
  eventNo: number;
  /** Deadline (epoch ms) for the first move of the side to move, while it applies. */
  firstMoveDeadline?: number;
  /** The server's clock when this was sent, to correct the client's clock skew. */
  serverTime: number;
  /** A draw offer waiting for an answer, by this side (live games). */
  drawOfferBy?: Color;
  /** A takeback proposal waiting for an answer, by this side (live games against a person). */
  takebackProposedBy?: Color;
  /**
   * Whether each side may be asked for a takeback: its player's `takebacks` preference when the game
   * started (guests take them); neither in an arena's games. `proposeTakeback` to a side that does not is refused.
   */
  takesTakebacks: ByColor<boolean>;
  /** To a player whose opponent is gone: when the win may be claimed (server clock), as `opponentPresence` says. */
  opponentClaimableAt?: number;
  /**
   * After a restart, the side to move's clock waits for that player to reconnect: it runs from this time
   * (server clock) at the latest, from their return if sooner (`opponentPresence` says when they are back).
   */
  clockStartsAt?: number;
  /** And since when the opponent is gone (server clock), as `opponentPresence` says. */
  opponentGoneSince?: number;
  /** To a player of a finished game: a rematch offer waiting for an answer, and whether it is theirs. */
  rematchOffer?: { offerId: string; by: string; mine: boolean };
  /**
   * The game's server restarted, or another server took the game over, in the last minutes (live games):
   * when the game was taken up again (server clock) and how long nobody served it, time counted on neither
   * clock (the side to move was charged only until the server's last sign of life).
   */
  resumed?: { at: number; awayMs: number };
  /**
   * The game's server cannot store moves right now (its database does not answer): both clocks stand still
   * since `since` (server clock; `timeLeft` is what they said then, `clockRunning` is false), and moves are
   * refused until `clocksResumed`.
   */
  clocksHeld?: { since: number };
  /** An arena game: its tournament, and whether a player may berserk in it. */
  tournament?: { id: string; name: string; berserkable: boolean };
  /** An arena game: which players berserked (their clocks halved). */
  berserk?: ByColor<boolean>;
}

/** A game the player is in now, as `liveGames` lists it: enough for a lobby's "Resume" link. */
export interface LiveGame {
  gameId: string;
  opponent: string;
  isWhite: boolean;
  variant: Variant;
  timeClass: TimeClass;
  baseTime: number;
  increment: number;
  /** true for a game without a clock. */
  untimed?: boolean;
}

/**
 * liveGames: sent to every socket of an account (or of a guest's session) when it connects, so another tab,
 * browser or device finds its game; also the answer of `currentGame`.
 */
export interface LiveGames {
  games: LiveGame[];
}

/** The live-game summary of a game as its player sees it. */
export function liveGameOf(g: GameStarted): LiveGame {
  const { gameId, opponent, isWhite, variant, timeClass, baseTime, increment, untimed } = g;
  return { gameId, opponent, isWhite, variant, timeClass, baseTime, increment, ...(untimed ? { untimed } : {}) };
}

/** update (SPEC §3 Game update). */
export interface GameUpdate {
  gameId: string;
  fen: string;
  currentTurn: Color;
  move: PlayedMove;
  timeLeft: ByColor<number>;
  ply: number;
  eventNo: number;
  clockRunning: boolean;
  firstMoveDeadline?: number;
  /** true in a game without a clock (as its snapshot says): timeLeft means nothing there. */
  untimed?: boolean;
  /**
   * The server's clock (epoch ms) when timeLeft was read: the running clock ran from then, however late
   * the update arrives (a stalled connection delivers it seconds on).
   */
  serverTime?: number;
}

/**
 * clocksHeld: the game's server cannot store moves (its database does not answer): both clocks stand still
 * from `since` (server clock), counted on neither side, and moves are refused until `clocksResumed`.
 */
export interface ClocksHeld {
  gameId: string;
  since: number;
  /** What the clocks said at `since`, as they stay. */
  timeLeft: ByColor<number>;
  serverTime: number;
}

/** clocksResumed: the game's server stores moves again; the clocks run on from `timeLeft`, `heldMs` later. */
export interface ClocksResumed {
  gameId: string;
  /** How long the clocks stood still: counted on neither. */
  heldMs: number;
  timeLeft: ByColor<number>;
  clockRunning: boolean;
  firstMoveDeadline?: number;
  serverTime: number;
}

/** gameOver (SPEC §3 Game over). */
export interface GameOver {
  gameId: string;
  fen: string;
  winningColor: WinningColor | "none";
  move: PlayedMove | null;
  reason: EndReason;
  /** The winner's name, "draw", or "none" for an aborted game. */
  winner: string;
  timeLeft: ByColor<number>;
  /** Rating change of each side (0 when unrated). */
  eloChange: ByColor<number>;
  eventNo: number;
}

/** offerDraw to the opponent. */
export interface DrawOffered {
  gameId: string;
  by: string;
}

/** takebackProposed to the opponent: `by` (a name) asks to take back their last move. */
export interface TakebackProposed {
  gameId: string;
  by: string;
}

/** The opponent's connection, for the countdown (ARCHITECTURE §5). */
export interface OpponentPresence {
  gameId: string;
  connected: boolean;
  /**
   * When the opponent left, the time (epoch ms) after which the win or a draw may be claimed: 10 s after a
   * closed tab (the client sent socket.io's disconnect), 40 s (×2 rapid, ×3 classical) after a lost connection.
   */
  claimableAt?: number;
  /**
   * The opponent said goodbye (closed the tab, left or reloaded the page) rather than losing the connection:
   * the short countdown, and likely a reload that is back within seconds.
   */
  left?: boolean;
  /**
   * When the opponent went (server clock): when the connection closed, or when it went silent for one that
   * stopped answering pings. Clients show the countdown once the opponent has been gone ~5 s (lichess).
   */
  since?: number;
}

/** rematchOffered / rematchOfferDeclined / rematchOfferCancelled (SPEC §3 Rematch offer). */
export interface RematchOffer {
  offerId: string;
  previousGameId: string;
  by: string;
}

/** POST /game/offer-rematch */
export const offerRematchBody = z.object({ previousGameId: gameId, sessionId: z.string().max(100).optional() });
/** POST /game/handle-rematch-offer */
export const handleRematchBody = z.object({
  offerId: z.string().min(1).max(64),
  sessionId: z.string().max(100).optional(),
  accept: z.boolean({ error: "accept must be true or false" }),
});
/** Answer of POST /game/offer-rematch; `gameId` is set when both had asked (the game started at once). */
export interface OfferRematchResponse {
  successMsg: string;
  offerId: string;
  gameId?: string;
}

/** Answer of POST /game/handle-rematch-offer; `gameId` of the new game when accepted. */
export interface HandleRematchResponse {
  successMsg: string;
  gameId?: string;
}

export const cancelRematchPayload = z.object({ offerId: z.string().min(1).max(64) });

/** GET /history/{gameId} (SPEC §3 Game history record) plus the game's facts. */
export interface GameRecord {
  gameId: string;
  initialFen: string;
  /** SAN, space-separated. */
  moves: string;
  username1: string;
  username2: string;
  /** username1 played white. */
  player1Color: "white" | "black";
  player2Color: "white" | "black";
  winningColor: WinningColor | "none";
  reason: EndReason | null;
  status: GameStatus;
  variant: Variant;
  timeClass: TimeClass;
  baseTime: number;
  increment: number;
  /** true for a game played without a clock (against the computer). */
  untimed?: boolean;
  rated: boolean;
  startedAt: number;
  endedAt: number | null;
  /** An arena game: its tournament. */
  tournament?: { id: string; name: string };
}
