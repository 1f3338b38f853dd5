import {
  END_REASON_TEXT,
  type EndReason,
  type GameRecord,
  type GameStatus,
  type ImportedGame,
  START_FEN,
  type TimeClass,
  UNLIMITED_LABEL,
  VARIANT_LABELS,
  type Variant,
} from "@chess/shared";
import type { PgnResult, SavedNode } from "../board/index.ts";

/** The game an analysis page shows, from route state and/or GET /history/{gameId}. Pure. */

export type ColorWord = "white" | "black";

export interface AnalysisGame {
  /** Null for a line that was never a stored game (no server analysis then). */
  gameId: string | null;
  /** A full FEN. */
  initialFen: string;
  /** The game's moves in SAN. */
  sans: string[];
  /** Names; null while unknown. */
  white: string | null;
  black: string | null;
  /** The viewer's colour: it is at the bottom of the board by default. */
  playerColor: ColorWord;
  result: PgnResult;
  reason: EndReason | null;
  status: GameStatus | null;
  variant: Variant | null;
  timeClass: TimeClass | null;
  baseTime: number | null;
  increment: number | null;
  /** Played without a clock (against the computer): "Unlimited", no time control. */
  untimed: boolean;
  rated: boolean | null;
  startedAt: number | null;
  /** Variations that come with the game (an imported PGN's), laid over its moves on the board. */
  variations?: SavedNode[];
  /** The comment before the first move (an imported PGN's), shown above the moves. */
  comment?: string;
}

/** The route state /analysis is opened with (SPEC §2). `moves` may be a SAN list or a space-separated string. */
export interface AnalysisRouteState {
  moves: string[] | string;
  initialFen: string;
  playerColor: ColorWord;
  gameId: string;
  opponent: string;
}

/** "start", "" or a FEN → a full FEN. */
export function normalizeFen(fen: string | null | undefined): string {
  const text = fen?.trim();
  return !text || text === "start" ? START_FEN : text;
}

/** A SAN list or a space-separated string → SAN list (move numbers like "1." are dropped). */
export function sanList(moves: unknown): string[] {
  const items = Array.isArray(moves) ? moves : typeof moves === "string" ? moves.split(/\s+/) : [];
  return items
    .filter((m): m is string => typeof m === "string")
    .map((m) => m.trim())
    .filter((m) => m !== "" && !/^\d+\.+$/.test(m));
}

/** The route state's fields that are usable, or undefined when it holds no game. */
export function readRouteState(state: unknown): (Partial<AnalysisRouteState> & { sans: string[] }) | undefined {
  if (typeof state !== "object" || state === null) return undefined;
  const s = state as Record<string, unknown>;
  if (!("moves" in s) && typeof s.gameId !== "string") return undefined;
  const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
  const color = s.playerColor === "white" || s.playerColor === "black" ? s.playerColor : undefined;
  return {
    sans: sanList(s.moves),
    ...(str(s.initialFen) ? { initialFen: str(s.initialFen) } : {}),
    ...(color ? { playerColor: color } : {}),
    ...(str(s.gameId) ? { gameId: str(s.gameId) } : {}),
    ...(str(s.opponent) ? { opponent: str(s.opponent) } : {}),
  };
}

const other = (c: ColorWord): ColorWord => (c === "white" ? "black" : "white");

function emptyGame(): AnalysisGame {
  return {
    gameId: null,
    initialFen: START_FEN,
    sans: [],
    white: null,
    black: null,
    playerColor: "white",
    result: "*",
    reason: null,
    status: null,
    variant: null,
    timeClass: null,
    baseTime: null,
    increment: null,
    untimed: false,
    rated: null,
    startedAt: null,
  };
}

/**
 * The game from what is known: the route state (instant), the stored record (authoritative, with names),
 * and the viewer's name (to name their side when only the opponent's name came with the route state).
 */
export function analysisGame(
  route: ReturnType<typeof readRouteState>,
  record: GameRecord | undefined,
  viewer: string | undefined,
): AnalysisGame {
  const game = emptyGame();
  if (route) {
    game.gameId = route.gameId ?? null;
    game.initialFen = normalizeFen(route.initialFen);
    game.sans = route.sans;
    if (route.playerColor) {
      game.playerColor = route.playerColor;
      game[route.playerColor] = viewer ?? null;
      if (route.opponent) game[other(route.playerColor)] = route.opponent;
    }
  }
  if (record) {
    const white = record.player1Color === "white" ? record.username1 : record.username2;
    const black = record.player1Color === "white" ? record.username2 : record.username1;
    Object.assign(game, {
      gameId: record.gameId,
      initialFen: normalizeFen(record.initialFen),
      sans: sanList(record.moves),
      white,
      black,
      result: resultOf(record),
      reason: record.reason,
      status: record.status,
      variant: record.variant,
      timeClass: record.timeClass,
      baseTime: record.baseTime,
      increment: record.increment,
      untimed: record.untimed === true,
      rated: record.rated,
      startedAt: record.startedAt,
    });
    // Without route state the viewer sees their own side at the bottom.
    if (!route?.playerColor) game.playerColor = viewer && viewer === black && viewer !== white ? "black" : "white";
  }
  return game;
}

/** A game imported from PGN, as the analysis page shows it: White at the bottom, names from its tags. */
export function importedAnalysisGame(imported: ImportedGame): AnalysisGame {
  return {
    ...emptyGame(),
    gameId: imported.importId,
    initialFen: imported.initialFen,
    sans: sanList(imported.moves),
    white: imported.white,
    black: imported.black,
    result: imported.result,
    variant: imported.variant === "chess960" ? "fun" : "standard",
    ...(imported.tree.length > 0 ? { variations: imported.tree } : {}),
    ...(imported.comment ? { comment: imported.comment } : {}),
  };
}

function resultOf(record: GameRecord): PgnResult {
  if (record.status === "active") return "*";
  switch (record.winningColor) {
    case "white":
      return "1-0";
    case "black":
      return "0-1";
    case "draw":
      return "1/2-1/2";
    default:
      return "*";
  }
}

/** "White wins · Checkmate", "Draw · Stalemate", "Game in progress", or "" when unknown. */
export function resultText(game: AnalysisGame): string {
  if (game.status === "active") return "Game in progress";
  if (game.status === "aborted") return "Aborted";
  const reason = game.reason ? END_REASON_TEXT[game.reason] : undefined;
  const outcome =
    game.result === "1-0"
      ? "White wins"
      : game.result === "0-1"
        ? "Black wins"
        : game.result === "1/2-1/2"
          ? "Draw"
          : "";
  return [outcome, reason].filter(Boolean).join(" · ");
}

/** "alice vs bob · Blitz 5+0 · Rated · White wins · Checkmate", from what is known ("… · Blitz 5+0 · Aborted"). */
export function gameSummary(game: AnalysisGame): string {
  const names = game.white || game.black ? `${game.white ?? "?"} vs ${game.black ?? "?"}` : "";
  const clock =
    game.baseTime !== null && game.increment !== null && !game.untimed
      ? `${formatMinutes(game.baseTime)}+${game.increment}`
      : "";
  const speed = game.untimed ? UNLIMITED_LABEL : game.timeClass ? capitalize(game.timeClass) : "";
  const variant = game.variant && game.variant !== "standard" ? VARIANT_LABELS[game.variant] : "";
  // An aborted game changed no rating: "Rated" there would say otherwise (the game-over box says so too).
  const rated = game.rated === null || game.status === "aborted" ? "" : game.rated ? "Rated" : "Casual";
  return [names, [variant, speed, clock].filter(Boolean).join(" "), rated, resultText(game)]
    .filter(Boolean)
    .join(" · ");
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const formatMinutes = (m: number) => (Number.isInteger(m) ? String(m) : m === 0.5 ? "½" : String(m));
