import { EventEmitter } from "node:events";
import type { ActorId, AnalysisEntry } from "@chess/shared";

/** Events that cross areas (lila's "bus"): an area publishes, others react, nobody reaches into another's storage. */
export interface BusEvents {
  /** A session was ended (logout): its sockets must leave under the old identity. */
  sessionEnded: { sessionId: string };
  /**
   * A guest logged in from the same browser session: their guest games become the account's, and a live
   * one's seat the new session's (`sessionId`).
   */
  guestSignedIn: { guestSessionId: string; userId: number; username: string; sessionId: string };
  /** A game started (from the lobby, a challenge or a rematch): its players' open offers go, pools update. */
  gameStarted: { gameId: string; players: BusPlayer[]; variant: string; timeClass: string };
  /**
   * A move was committed and broadcast and the game goes on (its last move is followed by gameFinished
   * instead). Published by the game's writer: the computer area answers it when it is the computer's turn.
   */
  gameMoved: {
    gameId: string;
    players: BusPlayer[];
    /** The position after the move, and the side to move in it. */
    fen: string;
    turn: "w" | "b";
    ply: number;
    /** Each side's time left (ms) when the move was made; the clock of `turn` runs from then if `clockRunning`. */
    timeLeft: { w: number; b: number };
    incrementMs: number;
    clockRunning: boolean;
    /** The move played, in UCI. */
    uci: string;
  };
  /**
   * Moves were taken back (against the computer, or a proposal accepted) and stored: the game goes on from
   * `ply`. Published by the game's writer; the Watch list shows the position again at once.
   */
  gameTakenBack: { gameId: string; ply: number };
  /**
   * This node writes a live game it did not start: reloaded after a restart, or taken over from a node that
   * died or left. Whoever acts in its games here (the computer) picks them up.
   */
  gameAdopted: { gameId: string; players: BusPlayer[] };
  /**
   * A block between two accounts was made or lifted (stored): what each is shown of the other changes, the
   * lobby's offers at once.
   */
  blocksChanged: { userIds: [number, number] };
  /**
   * An account was closed and its sessions ended: each area lets go of it (offers, pools, rematches, friends,
   * clubs, leaderboards). Published with `publishAndWait`: the closing is answered once every area has acted.
   */
  accountClosed: { userId: number; username: string };
  /** The lobby's offers changed on this node (or on another, as told by the node bus): counts are out of date. */
  offersChanged: Record<string, never>;
  /**
   * A game's (or an imported game's) analysis was computed and stored, on the node that asked for it: the
   * puzzles area looks for its players' mistakes. `fens[i]` and `entries[i]` are the position after move i.
   */
  gameAnalysed: { gameId: string; initialFen: string; uciMoves: string[]; fens: string[]; entries: AnalysisEntry[] };
  /** A game ended and its result, ratings and history are stored (published once, after the commit). */
  gameFinished: {
    gameId: string;
    players: BusPlayer[];
    variant: string;
    timeClass: string;
    /** Ratings changed: leaderboards of this variant and time class are out of date. */
    ratingsChanged: boolean;
    winningColor: string;
    reason: string;
    /** An arena game: what its tournament scores (the end's time, plies, berserks, each side's new rating). */
    arena?: {
      tournamentId: string;
      plies: number;
      finishedAt: number;
      berserk: { w: boolean; b: boolean };
      ratings?: { w: number; b: number };
      /** Aborted because this side let its first-move time run out. */
      didNotMove?: "w" | "b";
    };
  };
}

/** A player as bus events name them: an account, or a guest's session. */
export type BusPlayer = ActorId & { name: string };

/** A subscriber; the work it starts is its own to finish and to log when it fails. */
type Handler<P> = (payload: P) => unknown;

export class Bus {
  private readonly emitter = new EventEmitter().setMaxListeners(50);

  publish<K extends keyof BusEvents>(name: K, payload: BusEvents[K]): void {
    this.emitter.emit(name, payload);
  }

  /** Publishes and waits until every subscriber's work settled (for a publisher that answers once all acted). */
  async publishAndWait<K extends keyof BusEvents>(name: K, payload: BusEvents[K]): Promise<void> {
    const handlers = this.emitter.listeners(name) as Array<Handler<BusEvents[K]>>;
    await Promise.allSettled(handlers.map(async (handler) => handler(payload)));
  }

  subscribe<K extends keyof BusEvents>(name: K, handler: Handler<BusEvents[K]>): void {
    this.emitter.on(name, handler);
  }
}
