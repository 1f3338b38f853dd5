import type {
  ByColor,
  Color,
  EloDeltas,
  EndReason,
  GameStatus,
  MoveInput,
  TimeClass,
  Variant,
  WinningColor,
} from "@chess/shared";
import type { PlayedMove } from "../board/index.ts";

/**
 * One live game as this tab sees it (SPEC §4 Game), built from the server's gameStarted / update /
 * gameOver and the player's own actions. Pure: every time is passed in (local epoch ms), so it is
 * tested without a DOM or timers.
 */
export interface GameState {
  gameId: string;
  /** The colour I play; null when spectating. */
  myColor: Color | null;
  white: string;
  black: string;
  /** Each side's rating when the game started, e.g. { w: 1500, b: 1492 }; null for a guest or unknown. */
  ratings: ByColor<number | null>;
  rated: boolean;
  variant: Variant;
  timeClass: TimeClass;
  /** Minutes, e.g. 5. */
  baseTime: number;
  /** Seconds, e.g. 3. */
  increment: number;
  /** A game without a clock (against the computer): no clock is shown and none runs. */
  untimed: boolean;
  /** My win / draw / loss rating changes (zeros when unrated or spectating). */
  eloDeltas: EloDeltas;
  initialFen: string;
  /** A jumpstart game: the dealt position's evaluation (pawns, White's view), when the server knows it. */
  startEval?: number;
  /** Moves the server confirmed, each with the position after it. */
  history: PlayedMove[];
  /** The side to move after `history`. */
  turn: Color;
  /** The last event number seen (ARCHITECTURE §5). */
  eventNo: number;
  /** Time left of each side at local time `at`; the side to move's runs down from then if `running`. */
  clock: { timeLeft: ByColor<number>; running: boolean; at: number };
  /** Local time minus server time (ms), from the last snapshot: turns server deadlines into local ones. */
  serverOffset: number;
  /**
   * The game's server cannot store moves (its database does not answer): both clocks stand still and
   * moves wait, until it can again. Null while all is well.
   */
  clocksHeld: { since: number } | null;
  /** Local time by which the side to move must make its first move, while that applies. */
  firstMoveDeadline: number | null;
  status: GameStatus;
  result: GameResult | null;
  /** My move, shown at once and sent; the server's update confirms it. */
  pending: PlayedMove | null;
  /** A move stored while it is the opponent's turn, tried when mine comes. */
  premove: MoveInput | null;
  /** The ply shown while stepping through the moves; null follows the live game. */
  viewPly: number | null;
  /** A draw offer waiting: made by the opponent to me, or by me. */
  drawOffer: "fromOpponent" | "fromMe" | null;
  /** A takeback proposal waiting (games against a person): the opponent's to me, or mine. Any move ends it. */
  takeback: "fromOpponent" | "fromMe" | null;
  /** Whether my opponent may be asked for a takeback (their preference); false when I only watch. */
  opponentTakesTakebacks: boolean;
  /**
   * The opponent left: local times from which that is shown (a reload or a blip of a few seconds is not
   * worth a word) and from which the win may be claimed.
   */
  opponentGone: { showFrom: number; claimableAt: number } | null;
  rematch: RematchState;
  /** An arena game: its tournament, and whether a player may berserk in it; null otherwise. */
  tournament: { id: string; name: string; berserkable: boolean } | null;
  /** Which players berserked (halved their clock) in an arena game. */
  berserk: ByColor<boolean>;
  /** Something was missed (a gap in plies): the page asks the server for a snapshot. */
  needsResync: boolean;
}

export interface GameResult {
  winningColor: WinningColor | "none";
  reason: EndReason;
  /** The winner's name, "draw", or "none" (aborted). */
  winner: string;
  /** My rating change; null when spectating or unknown. */
  myEloChange: number | null;
  /** Each side's rating change in a rated game, when the server said it. */
  eloChange?: ByColor<number>;
}

export type RematchState =
  | { kind: "none" }
  /** I offered; "Rematch offered". */
  | { kind: "sent"; offerId: string }
  /** The opponent offered: "A rematch has been offered. Accept?". */
  | { kind: "received"; offerId: string; by: string }
  /** My offer was declined: "Offer declined". */
  | { kind: "declined" }
  /** The opponent withdrew their offer. */
  | { kind: "cancelled" };
