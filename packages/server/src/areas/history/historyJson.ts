import type { HistoryRow, RatingHistory, Statistic, TimeClass } from "@chess/shared";
import {
  DAILY_TIME_CLASS,
  DAY_MS,
  type DaysPerMove,
  DEFAULT_ELO,
  dailyPgnTags,
  isChess960Fen,
  TIME_CLASSES,
} from "@chess/shared";
import { Chess } from "chess.js";
import type { HistoryGame, HistoryRepo } from "./historyRepo.ts";

/** A game from `userId`'s side: username1 is that player (SPEC §3 history row). */
export function historyRowJson(g: HistoryGame, userId: number): HistoryRow {
  const white = g.whiteUserId === userId;
  const mine = white ? "white" : "black";
  const result = g.winningColor === "draw" ? null : g.winningColor === mine;
  return {
    gameId: g.id,
    username1: white ? g.whiteName : g.blackName,
    username2: white ? g.blackName : g.whiteName,
    player1Color: mine,
    player2Color: white ? "black" : "white",
    timeVariant: g.timeClass as TimeClass,
    baseTime: g.baseMs / 60_000,
    increment: g.incrementMs / 1000,
    ...(g.untimed ? { untimed: true } : {}),
    ...(g.timeClass === DAILY_TIME_CLASS ? { daysPerMove: daysOf(g) } : {}),
    result,
    moves: g.moves,
    initialFen: g.initialFen,
    rated: g.rated,
    eloChange: white ? g.whiteEloChange : g.blackEloChange,
    endedAt: g.endedAt?.getTime() ?? null,
    reason: g.endReason,
    ...arenaOf(g),
  };
}

/** An arena game's tournament, as its round state keeps it. */
function arenaOf(g: HistoryGame): { tournament?: { id: string; name: string } } {
  const t = g.roundState?.tournament;
  return g.tournamentId && t ? { tournament: { id: g.tournamentId, name: t.name } } : {};
}

type RatingRow = Awaited<ReturnType<HistoryRepo["ratings"]>>[number];

/** One statistic per time variant; 1200 and zeros where the player has no rated game yet. */
export function statisticsJson(rows: RatingRow[]): Statistic[] {
  return TIME_CLASSES.map((tc) => {
    const r = rows.find((x) => x.timeClass === tc);
    return {
      timeVariant: tc,
      eloPoints: r?.elo ?? DEFAULT_ELO,
      gamesWon: r?.wins ?? 0,
      gamesPlayed: r?.games ?? 0,
      winrate: r && r.games > 0 ? r.wins / r.games : 0,
    };
  });
}

type RatedGame = Awaited<ReturnType<HistoryRepo["ratedGames"]>>[number];

export function ratingHistoryJson(rows: RatedGame[], userId: number): RatingHistory {
  const out = Object.fromEntries(TIME_CLASSES.map((tc) => [tc, [] as RatingHistory[TimeClass]])) as RatingHistory;
  for (const g of rows) {
    const white = g.whiteUserId === userId;
    const before = white ? g.whiteElo : g.blackElo;
    const change = white ? g.whiteEloChange : g.blackEloChange;
    if (before === null || change === null || !g.endedAt) continue;
    out[g.timeClass as TimeClass]?.push({ t: g.endedAt.getTime(), elo: before + change, change });
  }
  return out;
}

const RESULT: Record<string, string> = { white: "1-0", black: "0-1", draw: "1/2-1/2" };

/** A daily game's days per move: its games row keeps the allowance per move as base_ms. */
const daysOf = (g: Pick<HistoryGame, "baseMs">) => Math.round(g.baseMs / DAY_MS) as DaysPerMove;

/** PGN's "-" is a game without a time control; a daily game's days go in a tag of their own. */
function timeControlTags(g: HistoryGame): Array<[string, string]> {
  if (g.timeClass === DAILY_TIME_CLASS) return dailyPgnTags(daysOf(g));
  return [["TimeControl", g.untimed ? "-" : `${g.baseMs / 1000}+${g.incrementMs / 1000}`]];
}

/** The game as PGN, with the headers a chess program expects. */
export function gamePgn(g: HistoryGame, siteUrl: string): string {
  const start = new Chess().fen();
  const date = (g.endedAt ?? g.createdAt).toISOString().slice(0, 10).replaceAll("-", ".");
  const result = RESULT[g.winningColor ?? ""] ?? "*";
  const headers: Array<[string, string]> = [
    ["Event", `${g.rated ? "Rated" : "Casual"} ${g.untimed ? "unlimited" : g.timeClass} game`],
    ["Site", `${siteUrl}/analysis?gameId=${g.id}`],
    ["Date", date],
    ["White", g.whiteName],
    ["Black", g.blackName],
    ["Result", result],
    ...timeControlTags(g),
    ["Variant", g.variant === "fun" ? "Chess960" : g.variant === "standard" ? "Standard" : "From Position"],
    ["Termination", g.endReason ?? "unterminated"],
  ];
  if (g.initialFen !== start) headers.push(["SetUp", "1"], ["FEN", g.initialFen]);
  const sans = g.moves.split(" ").filter(Boolean);
  // chess.js reads no Chess960 castling rights: a 960 game's movetext is laid out from its stored SAN.
  if (isChess960Fen(g.initialFen)) return chess960Pgn(headers, g.initialFen, sans, result);
  const chess = new Chess(g.initialFen);
  for (const san of sans) chess.move(san);
  for (const [k, v] of headers) chess.setHeader(k, v);
  const body = chess.pgn();
  return body.endsWith("*") && result !== "*" ? body.replace(/\*$/, result) : body;
}

function chess960Pgn(headers: Array<[string, string]>, fen: string, sans: string[], result: string): string {
  const [, turn = "w", , , , full = "1"] = fen.split(" ");
  let number = Number(full) || 1;
  let white = turn === "w";
  const tokens: string[] = [];
  sans.forEach((san, i) => {
    if (white) tokens.push(`${number}. ${san}`);
    else tokens.push(i === 0 ? `${number}... ${san}` : san);
    if (!white) number += 1;
    white = !white;
  });
  tokens.push(result);
  const tags = headers.map(([k, v]) => `[${k} "${v.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"]`).join("\n");
  return `${tags}\n\n${tokens.join(" ")}`;
}
