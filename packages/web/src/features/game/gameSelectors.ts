import { type ByColor, type Color, computerLevelOfName } from "@chess/shared";
import { type PlayedMove, turnOf } from "../board/index.ts";
import type { GameState } from "./gameState.ts";
import type { MoveEntryGame } from "./moveEntry.ts";

/** Read-only views of a GameState for the page. Pure. */

/** The moves on the board now: the confirmed ones plus my pending move. */
export function liveLine(state: GameState): PlayedMove[] {
  return state.pending ? [...state.history, state.pending] : state.history;
}

/** The number of half-moves in the position shown. */
export function shownPly(state: GameState): number {
  return state.viewPly ?? liveLine(state).length;
}

/** The position shown and the move that led to it. */
export function shownPosition(state: GameState): { fen: string; lastMove: PlayedMove | null } {
  const line = liveLine(state);
  const ply = shownPly(state);
  const last = ply > 0 ? (line[ply - 1] ?? null) : null;
  return { fen: last?.fen ?? state.initialFen, lastMove: last };
}

/** The side to move on the board now (after my pending move). */
export function sideToMove(state: GameState): Color {
  return state.pending ? turnOf(state.pending.fen) : state.turn;
}

/** Whether I may play a move on the board now: a player, game on, my turn, nothing in flight, live view. */
export function canMoveNow(state: GameState): boolean {
  return (
    state.status === "active" &&
    state.myColor !== null &&
    state.pending === null &&
    state.viewPly === null &&
    state.turn === state.myColor
  );
}

/** Whether a drop now would be a premove: a player, game on, the opponent to move, live view. */
export function canPremove(state: GameState): boolean {
  return (
    state.status === "active" && state.myColor !== null && state.viewPly === null && sideToMove(state) !== state.myColor
  );
}

/** Both clocks at local time `now`: the side to move's runs down while the clock runs. */
export function clockTimes(state: GameState, now: number): ByColor<number> {
  const { timeLeft, running, at } = state.clock;
  if (!running || state.status !== "active") return timeLeft;
  const elapsed = Math.max(0, now - at);
  return { ...timeLeft, [state.turn]: timeLeft[state.turn] - elapsed };
}

/** Whether abort is still possible (before both sides moved). */
export function canAbort(state: GameState): boolean {
  // An arena's games are never aborted by a player (the server refuses): Give Up from the first move.
  return state.status === "active" && state.myColor !== null && state.history.length < 2 && state.tournament === null;
}

/** I may berserk: an arena game that allows it, before my first move, once. */
export function canBerserk(state: GameState): boolean {
  const me = state.myColor;
  if (!me || state.status !== "active" || !state.tournament?.berserkable || state.berserk[me]) return false;
  return state.history.length + (state.pending ? 1 : 0) < (me === "w" ? 1 : 2);
}

/** My name and my opponent's; for a spectator white and black. */
export function playerNames(state: GameState): { me: string; opponent: string } {
  const bottom: Color = state.myColor ?? "w";
  return {
    me: bottom === "w" ? state.white : state.black,
    opponent: bottom === "w" ? state.black : state.white,
  };
}

/** Whether I play the computer (only then may I take moves back). */
export function playsComputer(state: GameState): boolean {
  return state.myColor !== null && computerLevelOfName(playerNames(state).opponent) !== undefined;
}

/** Whether Takeback applies now: against the computer, game on, a move of mine on the board, none in flight. */
export function canTakeBack(state: GameState): boolean {
  return playsComputer(state) && hasMyMoveToTakeBack(state);
}

/**
 * Whether a takeback may be proposed now: against a person, a move of mine on the board, none in flight and
 * no proposal waiting (the opponent's is answered in its own prompt: proposing back would accept theirs).
 */
export function canProposeTakeback(state: GameState): boolean {
  return mayProposeTakeback(state) && state.takeback === null && hasMyMoveToTakeBack(state);
}

/** Whether this game has takeback proposals at all: against a person who takes them. */
export function mayProposeTakeback(state: GameState): boolean {
  return !playsComputer(state) && state.opponentTakesTakebacks;
}

function hasMyMoveToTakeBack(state: GameState): boolean {
  if (state.myColor === null || state.status !== "active" || state.pending !== null) return false;
  return state.history.length >= (state.turn === state.myColor ? 2 : 1);
}

/** The live game as the move field sees it: a move typed is for the game as it stands, not the position shown. */
export function moveEntryGame(state: GameState): MoveEntryGame {
  const live = state.viewPly === null ? state : { ...state, viewPly: null };
  const line = liveLine(state);
  const over = state.myColor === null || state.status !== "active";
  return {
    fen: line.at(-1)?.fen ?? state.initialFen,
    myColor: state.myColor,
    turn: over ? "over" : canMoveNow(live) ? "move" : canPremove(live) ? "premove" : "sending",
    plies: line.length,
    viewPly: state.viewPly,
    premove: state.premove,
  };
}
