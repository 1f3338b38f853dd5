import { type Color, type MoveInput, other, type PlayedMove } from "@chess/shared";
import type { Result } from "./gameFinisher.ts";
import {
  claimableAt,
  DRAW_OFFER_EVERY_PLIES,
  flaggedSide,
  flagResult,
  type GameRound,
  playMove,
  takeBack,
  takebackPlies,
  undoLastMove,
} from "./gameRound.ts";

/** What a player asks of their game (lila's round commands). */
export type RoundCommand =
  | { type: "move"; move: MoveInput; ply?: number; lag?: number }
  | { type: "resign" }
  | { type: "abort" }
  | { type: "offerDraw" }
  | { type: "acceptDraw" }
  | { type: "declineDraw" }
  | { type: "claimVictory" }
  /** lichess's force draw: the present player ends the game of a gone opponent as a draw instead. */
  | { type: "claimDraw" }
  /** The caller's last move and the reply to it go (see takebackPlies); who may ask is the caller's to decide. */
  | { type: "takeback" }
  /** Against a person: asks the opponent to let the caller take back (lichess's takeback proposal). */
  | { type: "proposeTakeback" }
  | { type: "acceptTakeback" }
  | { type: "declineTakeback" };

/** What happened to a game, in order; the publisher numbers, commits and broadcasts each. */
export type RoundEvent =
  | { type: "moved"; move: PlayedMove; uci: string; at: number }
  | { type: "drawOffered"; by: Color }
  | { type: "drawDeclined"; by: Color }
  | { type: "ended"; result: Result }
  | { type: "takenBack"; plies: number }
  | { type: "takebackProposed"; by: Color }
  | { type: "takebackDeclined"; by: Color };

export interface Refusal {
  code: string;
  message: string;
}

/**
 * A command's outcome. `applied`: the round in memory already shows the events (an `ended` excepted: the
 * publisher ends the game once the end is stored), `revert` takes them back if they cannot be stored, and
 * `refusal`, when set, is still the command's answer (a move that came after its player's flag ends the game
 * and is refused).
 */
export type Decision =
  | { kind: "refused"; refusal: Refusal }
  | { kind: "duplicate" }
  | { kind: "applied"; events: RoundEvent[]; revert: () => void; refusal?: Refusal };

const refused = (code: string, message: string): Decision => ({ kind: "refused", refusal: { code, message } });
const ended = (result: Result): Extract<Decision, { kind: "applied" }> => ({
  kind: "applied",
  events: [{ type: "ended", result }],
  revert() {},
});
const winner = (c: Color) => (c === "w" ? "white" : "black");

/** Decides `command` by `color` on the active `round` at `now`: pure but for applying it to the round. */
export function decide(round: GameRound, color: Color, command: RoundCommand, now: number): Decision {
  switch (command.type) {
    case "move": {
      const before = {
        clock: round.clock,
        lastMove: round.lastMove,
        drawOfferBy: round.drawOfferBy,
        takebackProposedBy: round.takebackProposedBy,
        firstMoveDeadline: round.firstMoveDeadline,
        idleDeadline: round.idleDeadline,
      };
      const outcome = playMove(round, color, command.move, command.ply, now, command.lag);
      if (outcome.kind === "duplicate") return { kind: "duplicate" };
      if (outcome.kind === "rejected") return refused(outcome.code, outcome.message);
      if (outcome.kind === "flagged") {
        return {
          ...ended(flagResult(round, outcome.loser)),
          refusal: { code: "flagged", message: "Your time ran out" },
        };
      }
      const events: RoundEvent[] = [{ type: "moved", move: outcome.move, uci: outcome.uci, at: now }];
      if (outcome.end) events.push({ type: "ended", result: outcome.end });
      return { kind: "applied", events, revert: () => undoLastMove(round, before) };
    }
    case "resign":
      return ended(
        round.ply < 2
          ? { winningColor: "none", reason: "abort" }
          : { winningColor: winner(other(color)), reason: "resign" },
      );
    case "abort":
      if (round.ply >= 2) return refused("too_late", "The game can no longer be aborted");
      return ended({ winningColor: "none", reason: "abort" });
    case "offerDraw": {
      if (round.drawOfferBy === other(color)) return ended({ winningColor: "draw", reason: "draw" });
      if (round.drawOfferBy === color) return refused("pending", "Your draw offer is waiting for an answer");
      const last = round.lastDrawOfferPly[color];
      if (last >= 0 && round.ply - last < DRAW_OFFER_EVERY_PLIES) {
        // In moves as chess counts them (one by each side), rounded up.
        const moves = Math.ceil((DRAW_OFFER_EVERY_PLIES - (round.ply - last)) / 2);
        return refused(
          "too_soon",
          `You offered a draw recently - you can offer another in ${moves} move${moves === 1 ? "" : "s"}`,
        );
      }
      const previous = round.drawOfferBy;
      round.drawOfferBy = color;
      round.lastDrawOfferPly[color] = round.ply;
      return {
        kind: "applied",
        events: [{ type: "drawOffered", by: color }],
        revert() {
          round.drawOfferBy = previous;
          round.lastDrawOfferPly[color] = last;
        },
      };
    }
    case "acceptDraw":
      if (round.drawOfferBy !== other(color)) return refused("no_offer", "There is no draw offer to accept");
      return ended({ winningColor: "draw", reason: "draw" });
    case "declineDraw":
      if (round.drawOfferBy !== other(color)) return refused("no_offer", "There is no draw offer to decline");
      round.drawOfferBy = null;
      return {
        kind: "applied",
        events: [{ type: "drawDeclined", by: color }],
        revert() {
          round.drawOfferBy = other(color);
        },
      };
    case "takeback":
      return takeBackFor(round, color, now);
    case "proposeTakeback": {
      if (round.againstComputer) return refused("computer", "Against the computer, take back with takeback");
      if (round.takebackProposedBy === other(color)) return takeBackFor(round, other(color), now);
      if (round.takebackProposedBy === color) {
        return refused("pending", "Your takeback proposal is waiting for an answer");
      }
      if (!round.takesTakebacks[other(color)]) {
        return refused(
          "takebacks_off",
          round.rated
            ? "Your opponent does not accept takebacks in rated games"
            : "Your opponent does not accept takebacks",
        );
      }
      if (takebackPlies(round, color) === 0) return refused("nothing_to_take_back", "You have no move to take back");
      const last = round.lastTakebackProposalPly[color];
      if (last === round.ply) {
        return refused("too_soon", "Your opponent declined - you can propose a takeback again after the next move");
      }
      round.takebackProposedBy = color;
      round.lastTakebackProposalPly[color] = round.ply;
      return {
        kind: "applied",
        events: [{ type: "takebackProposed", by: color }],
        revert() {
          round.takebackProposedBy = null;
          round.lastTakebackProposalPly[color] = last;
        },
      };
    }
    case "acceptTakeback":
      if (round.takebackProposedBy !== other(color)) {
        return refused("no_offer", "There is no takeback proposal to accept");
      }
      return takeBackFor(round, other(color), now);
    case "declineTakeback":
      if (round.takebackProposedBy !== other(color)) {
        return refused("no_offer", "There is no takeback proposal to decline");
      }
      round.takebackProposedBy = null;
      return {
        kind: "applied",
        events: [{ type: "takebackDeclined", by: color }],
        revert() {
          round.takebackProposedBy = other(color);
        },
      };
    case "claimVictory":
    case "claimDraw": {
      // The opponent has been gone long enough: the present player takes the win, or settles for a draw.
      const claimable = claimableAt(round, other(color));
      if (claimable === null) return refused("not_gone", "Your opponent is still here");
      if (now < claimable) return refused("too_soon", "Wait for the countdown to end");
      if (round.ply < 2) return ended({ winningColor: "none", reason: "abort" });
      return ended({ winningColor: command.type === "claimDraw" ? "draw" : winner(color), reason: "abandon" });
    }
  }
}

/** `color`'s last move (and the reply to it) go. */
function takeBackFor(round: GameRound, color: Color, now: number): Decision {
  const plies = takebackPlies(round, color);
  if (plies === 0) return refused("nothing_to_take_back", "You have no move to take back");
  takeBack(round, plies, now);
  // Not revertible in memory (the moves are gone): a takeback that is not stored is settled by reading
  // the game back (the publisher marks it uncertain).
  return { kind: "applied", events: [{ type: "takenBack", plies }], revert() {} };
}

/**
 * The end the clock brings at `now`, if any: a flag, no first move in time (an abort), or in a game without a
 * clock no move for IDLE_UNTIMED_MS (abandoned: aborted before both have moved, else lost by the side to move).
 */
export function dueEnd(round: GameRound, now: number): Result | undefined {
  if (round.status !== "active") return undefined;
  const flagged = flaggedSide(round, now);
  if (flagged) return flagResult(round, flagged);
  if (round.firstMoveDeadline !== null && now >= round.firstMoveDeadline)
    return { winningColor: "none", reason: "abort" };
  if (round.idleDeadline !== null && now >= round.idleDeadline) {
    return round.ply < 2
      ? { winningColor: "none", reason: "abort" }
      : { winningColor: winner(other(round.board.turn())), reason: "abandon" };
  }
  return undefined;
}
