import type { HistoryRow, RatingHistory, Statistic, TimeClass } from "@chess/shared";
import { DEFAULT_ELO, TIME_CLASSES } from "@chess/shared";
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
    result,
    moves: g.moves,
    initialFen: g.initialFen,
    rated: g.rated,
    eloChange: white ? g.whiteEloChange : g.blackEloChange,
    endedAt: g.endedAt?.getTime() ?? null,
    reason: g.endReason,
  };
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
  const out = Object.fromEntries(
    TIME_CLASSES.map((tc) => [tc, [] as Array<{ t: number; elo: number }>]),
  ) as RatingHistory;
  for (const g of rows) {
    const white = g.whiteUserId === userId;
    const before = white ? g.whiteElo : g.blackElo;
    const change = white ? g.whiteEloChange : g.blackEloChange;
    if (before === null || change === null || !g.endedAt) continue;
    out[g.timeClass as TimeClass]?.push({ t: g.endedAt.getTime(), elo: before + change });
  }
  return out;
}

const RESULT: Record<string, string> = { white: "1-0", black: "0-1", draw: "1/2-1/2" };

/** The game as PGN, with the headers a chess program expects. */
export function gamePgn(g: HistoryGame, siteUrl: string): string {
  const start = new Chess().fen();
  const chess = new Chess(g.initialFen);
  for (const san of g.moves.split(" ").filter(Boolean)) chess.move(san);
  const date = (g.endedAt ?? g.createdAt).toISOString().slice(0, 10).replaceAll("-", ".");
  const headers: Array<[string, string]> = [
    ["Event", `${g.rated ? "Rated" : "Casual"} ${g.timeClass} game`],
    ["Site", `${siteUrl}/analysis?gameId=${g.id}`],
    ["Date", date],
    ["White", g.whiteName],
    ["Black", g.blackName],
    ["Result", RESULT[g.winningColor ?? ""] ?? "*"],
    ["TimeControl", `${g.baseMs / 1000}+${g.incrementMs / 1000}`],
    ["Variant", g.variant === "standard" ? "Standard" : "From Position"],
    ["Termination", g.endReason ?? "unterminated"],
  ];
  if (g.initialFen !== start) headers.push(["SetUp", "1"], ["FEN", g.initialFen]);
  for (const [k, v] of headers) chess.setHeader(k, v);
  const body = chess.pgn();
  return body.endsWith("*") && headers[5]?.[1] !== "*" ? body.replace(/\*$/, headers[5]?.[1] ?? "*") : body;
}
