import { isStandardStart, type MoveTree, makePgn, treeMovetext } from "../board/index.ts";
import type { AnalysisGame } from "./analysisGame.ts";
import { isMatedEval } from "./evalDisplay.ts";

/** The game as a PGN file, with the engine's evals as `[%eval …]` comments when analysed. Pure. */

export interface PgnOptions {
  /** The Site tag, e.g. "https://chess.example/analysis?gameId=abc". */
  site: string;
  /** The eval of every position (index 0 the start, i after move i): the comment after move i. */
  evals?: ReadonlyArray<number | string>;
  /** The game's move tree: its variations are written in parentheses (the game's moves are its main line). */
  tree?: MoveTree;
}

/** Seven-tag roster first, then the rest (PGN standard §8.1). */
export function buildPgn(game: AnalysisGame, options: PgnOptions): string {
  const tags: Array<[string, string]> = [
    ["Event", eventName(game)],
    ["Site", options.site],
    ["Date", pgnDate(game.startedAt)],
    ["Round", "-"],
    ["White", game.white ?? "?"],
    ["Black", game.black ?? "?"],
    ["Result", game.result],
    // "Chess960" is the tag value PGN readers (lichess, SCID) know for Fischer Random.
    ["Variant", game.variant === "fun" ? "Chess960" : isStandardStart(game.initialFen) ? "Standard" : "From Position"],
  ];
  // PGN's "-" is a game without a time control.
  if (game.untimed) tags.push(["TimeControl", "-"]);
  else if (game.baseTime !== null && game.increment !== null) {
    tags.push(["TimeControl", `${Math.round(game.baseTime * 60)}+${game.increment}`]);
  }
  const { evals } = options;
  return makePgn({
    tags,
    initialFen: game.initialFen,
    sans: game.sans,
    result: game.result,
    ...(game.comment ? { startComment: game.comment } : {}),
    ...(evals ? { comment: (ply: number) => evalComment(evals[ply]) } : {}),
    ...(options.tree
      ? {
          // An imported PGN's comment goes back out with the eval, as lichess exports them.
          movetext: treeMovetext(
            options.tree,
            (node) =>
              [node.comment?.replaceAll("}", ")"), node.game && evals ? evalComment(evals[node.ply]) : undefined]
                .filter(Boolean)
                .join(" ") || undefined,
          ),
        }
      : {}),
  });
}

/** `[%eval 0.35]` in pawns, `[%eval #-2]` for mates; none for a checkmated position. */
export function evalComment(e: number | string | undefined): string | undefined {
  if (e === undefined || isMatedEval(e)) return undefined;
  if (typeof e === "string") {
    const mate = /^#-?\d+$/.test(e.trim()) ? e.trim() : undefined;
    if (mate) return `[%eval ${mate}]`;
    const n = Number(e);
    return Number.isFinite(n) ? evalComment(n) : undefined;
  }
  return Number.isFinite(e) ? `[%eval ${(e / 100).toFixed(2)}]` : undefined;
}

/** "Rated blitz game", "Casual jumpstart rapid game", "Game" when nothing is known. */
function eventName(game: AnalysisGame): string {
  const words = [
    game.rated === null ? undefined : game.rated ? "Rated" : "Casual",
    game.variant === "fun" ? "Chess960" : game.variant && game.variant !== "standard" ? game.variant : undefined,
    game.untimed ? "unlimited" : (game.timeClass ?? undefined),
    "game",
  ].filter(Boolean);
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "2024.05.31" (UTC), or "????.??.??" when unknown. */
export function pgnDate(epochMs: number | null): string {
  if (epochMs === null || !Number.isFinite(epochMs)) return "????.??.??";
  const d = new Date(epochMs);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCFullYear()}.${pad(d.getUTCMonth() + 1)}.${pad(d.getUTCDate())}`;
}

/** A file name for the download: "chess-game-abc123.pgn". */
export function pgnFileName(game: AnalysisGame): string {
  const id = (game.gameId ?? "analysis").replace(/[^\w-]+/g, "");
  return `chess-game-${id || "analysis"}.pgn`;
}
