import type { Color, EloDeltas, GameStarted } from "@chess/shared";

/** The route state /play is opened with (SPEC §2), plus the whole snapshot so it shows at once. */
export interface PlayRouteState {
  opponent: string;
  initialFen: string;
  fen: string;
  gameId: string;
  orientation: "white" | "black";
  color: Color;
  currentTurn: Color;
  gameLength: { w: number; b: number };
  /** SPEC §4 Game: "in progress" or "finished". */
  gameState: "in progress" | "finished";
  /** The winner's name or "draw"; null while the game is on. */
  winner: string | null;
  eloDeltas: EloDeltas;
  moves: string[];
  // --- additions
  snapshot: GameStarted;
  /** Local time the snapshot arrived: an old one (e.g. after a reload) is not trusted. */
  receivedAt: number;
}

/** A route state older than this is ignored and the page waits for its resync. */
export const ROUTE_STATE_FRESH_MS = 5_000;

/** /play?gameId=… for a game. */
export function playPath(gameId: string): string {
  return `/play?gameId=${encodeURIComponent(gameId)}`;
}

export function playRouteState(game: GameStarted, receivedAt: number): PlayRouteState {
  const winner =
    game.status === "active"
      ? null
      : game.winningColor === "white"
        ? game.white
        : game.winningColor === "black"
          ? game.black
          : (game.winningColor ?? "none");
  return {
    opponent: game.opponent,
    initialFen: game.initialFen,
    fen: game.fen,
    gameId: game.gameId,
    orientation: game.isWhite ? "white" : "black",
    color: game.isWhite ? "w" : "b",
    currentTurn: game.currentTurn,
    gameLength: game.gameLength,
    gameState: game.status === "active" ? "in progress" : "finished",
    winner,
    eloDeltas: game.eloDeltas,
    moves: game.moves,
    snapshot: game,
    receivedAt,
  };
}

/** The snapshot in a route state if it belongs to `gameId` and is fresh at `now`. */
export function snapshotFromRouteState(state: unknown, gameId: string, now: number): GameStarted | undefined {
  if (typeof state !== "object" || state === null) return undefined;
  const s = state as Partial<PlayRouteState>;
  if (!s.snapshot || s.snapshot.gameId !== gameId || typeof s.receivedAt !== "number") return undefined;
  if (now - s.receivedAt > ROUTE_STATE_FRESH_MS || now < s.receivedAt) return undefined;
  return s.snapshot;
}
