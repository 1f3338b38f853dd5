import { type Color, type MoveInput, other, type PlayedMove } from "@chess/shared";
import type { Result } from "./gameFinisher.ts";
import {
  berserked,
  claimableAt,
  DRAW_OFFER_EVERY_PLIES,
  flaggedSide,
  flagResult,
  type GameRound,
  hasMoved,
  playMove,
  takeBack,
  takebackPlies,
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
  | { type: "declineTakeback" }
  /** An arena game's player halves their clock before their first move (lichess's berserk). */
  | { type: "berserk" };

/** What happened to a game, in order; the publisher numbers, commits and broadcasts each. */
export type RoundEvent =
  | { type: "moved"; move: PlayedMove; uci: string; at: number }
  | { type: "drawOffered"; by: Color }
  | { type: "drawDeclined"; by: Color }
  | { type: "ended"; result: Result }
  | { type: "takenBack"; plies: number }
  | { type: "takebackProposed"; by: Color }
  | { type: "takebackDeclined"; by: Color }
  | { type: "berserked"; by: Color };

export interface Refusal {
  code: string;
  message: string;
}

/**
 * A command's outcome (lila's round `Progress`). `applied`: `next` is the round once `events` are stored (an
 * `ended` excepted: the publisher ends the game as it stores the end); the round the command was decided on
 * is left as it was, and stays the game's until they are stored. `refusal`, when set, is still the command's
 * answer (a move that came after its player's flag ends the game and is refused).
 */
export type Decision =
  | { kind: "refused"; refusal: Refusal }
  | { kind: "duplicate" }
  | { kind: "applied"; next: GameRound; events: RoundEvent[]; refusal?: Refusal };

const refused = (code: string, message: string): Decision => ({ kind: "refused", refusal: { code, message } });
/** The game ends as it stands: the publisher stores the end and ends the round. */
export const ended = (round: GameRound, result: Result): Extract<Decision, { kind: "applied" }> => ({
  kind: "applied",
  next: round,
  events: [{ type: "ended", result }],
});
const winner = (c: Color) => (c === "w" ? "white" : "black");

/** Decides `command` by `color` on the active `round` at `now`: pure, the round is not changed. */
export function decide(round: GameRound, color: Color, command: RoundCommand, now: number): Decision {
  switch (command.type) {
    case "move": {
      const outcome = playMove(round, color, command.move, command.ply, now, command.lag);
      if (outcome.kind === "duplicate") return { kind: "duplicate" };
      if (outcome.kind === "rejected") return refused(outcome.code, outcome.message);
      if (outcome.kind === "flagged") {
        return {
          ...ended(round, flagResult(round, outcome.loser)),
          refusal: { code: "flagged", message: "Your time ran out" },
        };
      }
      const events: RoundEvent[] = [{ type: "moved", move: outcome.move, uci: outcome.uci, at: now }];
      if (outcome.end) events.push({ type: "ended", result: outcome.end });
      return { kind: "applied", next: outcome.next, events };
    }
    // An arena's games are mandatory (lichess): never aborted by a player, so none is dodged; giving up at once
    // loses. Only the first-move time ends one unplayed (and withdraws the player who did not move).
    case "resign":
      return ended(
        round,
        round.ply < 2 && !round.tournament
          ? { winningColor: "none", reason: "abort" }
          : { winningColor: winner(other(color)), reason: "resign" },
      );
    case "abort":
      if (round.tournament) return refused("tournament", "A tournament game cannot be aborted: give up to end it");
      if (round.ply >= 2) return refused("too_late", "The game can no longer be aborted");
      return ended(round, { winningColor: "none", reason: "abort" });
    case "offerDraw": {
      if (round.drawOfferBy === other(color)) return ended(round, { winningColor: "draw", reason: "draw" });
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
      return {
        kind: "applied",
        next: { ...round, drawOfferBy: color, lastDrawOfferPly: { ...round.lastDrawOfferPly, [color]: round.ply } },
        events: [{ type: "drawOffered", by: color }],
      };
    }
    case "acceptDraw":
      if (round.drawOfferBy !== other(color)) return refused("no_offer", "There is no draw offer to accept");
      return ended(round, { winningColor: "draw", reason: "draw" });
    case "declineDraw":
      if (round.drawOfferBy !== other(color)) return refused("no_offer", "There is no draw offer to decline");
      return { kind: "applied", next: { ...round, drawOfferBy: null }, events: [{ type: "drawDeclined", by: color }] };
    case "takeback":
      return takeBackFor(round, color, now);
    case "proposeTakeback": {
      if (round.againstComputer) return refused("computer", "Against the computer, take back with takeback");
      if (round.takebackProposedBy === other(color)) return takeBackFor(round, other(color), now);
      if (round.takebackProposedBy === color) {
        return refused("pending", "Your takeback proposal is waiting for an answer");
      }
      if (round.tournament) return refused("takebacks_off", "There are no takebacks in tournament games");
      if (!round.takesTakebacks[other(color)]) {
        return refused(
          "takebacks_off",
          round.rated
            ? "Your opponent does not accept takebacks in rated games"
            : "Your opponent does not accept takebacks",
        );
      }
      if (takebackPlies(round, color) === 0) return refused("nothing_to_take_back", "You have no move to take back");
      if (round.lastTakebackProposalPly[color] === round.ply) {
        return refused("too_soon", "Your opponent declined - you can propose a takeback again after the next move");
      }
      return {
        kind: "applied",
        next: {
          ...round,
          takebackProposedBy: color,
          lastTakebackProposalPly: { ...round.lastTakebackProposalPly, [color]: round.ply },
        },
        events: [{ type: "takebackProposed", by: color }],
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
      return {
        kind: "applied",
        next: { ...round, takebackProposedBy: null },
        events: [{ type: "takebackDeclined", by: color }],
      };
    case "berserk": {
      if (!round.tournament) return refused("not_arena", "Berserk is for arena games");
      if (!round.tournament.berserkable) return refused("not_berserkable", "This arena does not allow berserk");
      if (round.berserk?.[color]) return refused("already", "You have already berserked");
      if (hasMoved(round, color)) return refused("too_late", "Berserk only before your first move");
      return { kind: "applied", next: berserked(round, color), events: [{ type: "berserked", by: color }] };
    }
    case "claimVictory":
    case "claimDraw": {
      // The opponent has been gone long enough: the present player takes the win, or settles for a draw.
      const claimable = claimableAt(round, other(color));
      if (claimable === null) return refused("not_gone", "Your opponent is still here");
      if (now < claimable) return refused("too_soon", "Wait for the countdown to end");
      if (round.ply < 2) return ended(round, { winningColor: "none", reason: "abort" });
      return ended(round, {
        winningColor: command.type === "claimDraw" ? "draw" : winner(color),
        reason: "abandon",
      });
    }
  }
}

/** `color`'s last move (and the reply to it) go. */
function takeBackFor(round: GameRound, color: Color, now: number): Decision {
  const plies = takebackPlies(round, color);
  if (plies === 0) return refused("nothing_to_take_back", "You have no move to take back");
  return { kind: "applied", next: takeBack(round, plies, now), events: [{ type: "takenBack", plies }] };
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
