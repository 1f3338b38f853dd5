import type { DailyClockChanged, DailyGame, DailyGameEntry, DailyMoved } from "@chess/shared";
import { createExternalStore, type ExternalStore } from "../../lib/externalStore.ts";

/**
 * My daily games in progress, app-wide: the "Your turn" list and the navigation's count. Read from GET
 * /daily/games on each connection, then kept true by the game events every player's sockets get. Pure.
 */
export interface DailyGamesState {
  /** False until the first list arrived (and again after logging out). */
  loaded: boolean;
  games: readonly DailyGameEntry[];
}

export type DailyGamesEvent =
  | { type: "loaded"; games: readonly DailyGameEntry[] }
  /** A game started, or its state was read again (`dailyGame`). */
  | { type: "game"; game: DailyGame; now: number }
  | { type: "moved"; moved: DailyMoved; now: number }
  | { type: "clock"; clock: DailyClockChanged }
  | { type: "over"; gameId: string }
  | { type: "reset" };

export const initialDailyGames: DailyGamesState = { loaded: false, games: [] };

/** The list's entry of a game I play in progress, or undefined for a spectator's view or an ended game. */
export function entryOf(game: DailyGame, now: number): DailyGameEntry | undefined {
  if (game.color === null || game.status !== "active") return undefined;
  const opponentColor = game.color === "w" ? "b" : "w";
  return {
    gameId: game.gameId,
    opponent: game.color === "w" ? game.black : game.white,
    color: game.color,
    variant: game.variant,
    days: game.days,
    fen: game.fen,
    ply: game.ply,
    lastMove: game.moves.at(-1) ?? null,
    myTurn: game.currentTurn === game.color,
    timeLeftMs: game.deadline === null ? (game.pausedLeftMs ?? game.timeLeftMs) : game.deadline - now,
    deadline: game.deadline,
    paused: game.deadline === null,
    opponentOnVacation: game.onVacation[opponentColor],
  };
}

const replace = (games: readonly DailyGameEntry[], gameId: string, change: (g: DailyGameEntry) => DailyGameEntry) =>
  games.map((g) => (g.gameId === gameId ? change(g) : g));

export function dailyGamesReducer(state: DailyGamesState, event: DailyGamesEvent): DailyGamesState {
  switch (event.type) {
    case "loaded":
      return { loaded: true, games: event.games };
    case "game": {
      const entry = entryOf(event.game, event.now);
      const others = state.games.filter((g) => g.gameId !== event.game.gameId);
      if (!entry) return others.length === state.games.length ? state : { ...state, games: others };
      const known = state.games.find((g) => g.gameId === entry.gameId);
      // An older view (read before a move arrived) does not undo the move.
      if (known && known.ply > entry.ply) return state;
      return { ...state, games: known ? replace(state.games, entry.gameId, () => entry) : [...state.games, entry] };
    }
    case "moved": {
      const { moved, now } = event;
      const known = state.games.find((g) => g.gameId === moved.gameId);
      if (!known || known.ply >= moved.ply) return state;
      return {
        ...state,
        games: replace(state.games, moved.gameId, (g) => ({
          ...g,
          fen: moved.fen,
          ply: moved.ply,
          lastMove: moved.move.san,
          myTurn: moved.currentTurn === g.color,
          deadline: moved.deadline,
          timeLeftMs: moved.deadline === null ? (moved.pausedLeftMs ?? 0) : moved.deadline - now,
          paused: moved.deadline === null,
        })),
      };
    }
    case "clock": {
      const { clock } = event;
      if (!state.games.some((g) => g.gameId === clock.gameId)) return state;
      return {
        ...state,
        games: replace(state.games, clock.gameId, (g) => ({
          ...g,
          deadline: clock.deadline,
          timeLeftMs:
            clock.deadline === null ? (clock.pausedLeftMs ?? g.timeLeftMs) : clock.deadline - clock.serverTime,
          paused: clock.deadline === null,
          opponentOnVacation: clock.onVacation[g.color === "w" ? "b" : "w"],
        })),
      };
    }
    case "over": {
      const games = state.games.filter((g) => g.gameId !== event.gameId);
      return games.length === state.games.length ? state : { ...state, games };
    }
    case "reset":
      return initialDailyGames;
  }
}

/** How many games wait for my move (paused ones too: the move is still mine). */
export const myTurnCount = (state: DailyGamesState) => state.games.filter((g) => g.myTurn).length;

/** "1 daily game waits for your move" / "2 daily games wait for your move". */
export const yourTurnLabel = (count: number) => `${count} daily game${count === 1 ? " waits" : "s wait"} for your move`;

export type DailyGamesStore = ExternalStore<DailyGamesState, DailyGamesEvent>;

export const createDailyGamesStore = (): DailyGamesStore => createExternalStore(dailyGamesReducer, initialDailyGames);
