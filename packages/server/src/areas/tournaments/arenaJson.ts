import {
  type ArenaMe,
  type ArenaStandingRow,
  type ArenaStandingsPage,
  type ArenaSummary,
  type ArenaTopGame,
  type ClubBattleRow,
  STANDINGS_PAGE_SIZE,
} from "@chess/shared";
import { scoreSheet } from "./arenaScoring.ts";
import { clubBattleStandings, rankStandings } from "./arenaStandings.ts";
import type { ArenaPlayerRecord, ArenaRecord } from "./tournamentsRows.ts";

export type RankedPlayer = ArenaPlayerRecord & { rank: number };

/** An arena as lists and its page show it. */
export function summaryJson(a: ArenaRecord): ArenaSummary {
  const s = a.settings;
  return {
    id: a.id,
    name: a.name,
    status: a.status,
    baseTime: s.timeControl.baseTime,
    increment: s.timeControl.increment,
    timeClass: s.timeClass,
    variant: s.variant,
    jumpstart: s.jumpstart,
    rated: s.rated,
    berserkable: s.berserkable,
    streaks: s.streaks,
    durationMinutes: s.durationMinutes,
    startsAt: s.startsAt,
    endsAt: a.endsAt,
    conditions: s.conditions,
    clubBattle: s.clubBattle,
    nbPlayers: a.nbPlayers,
    winner: a.winner,
    recurrence: a.recurrence,
    scheduled: a.scheduled,
  };
}

/** The standings, frozen ranks once the arena is over. */
export function ranked(arena: ArenaRecord, players: readonly ArenaPlayerRecord[]): RankedPlayer[] {
  if (arena.status === "finished" && players.every((p) => p.finalRank !== null)) {
    return [...players].map((p) => ({ ...p, rank: p.finalRank as number })).sort((a, b) => a.rank - b.rank);
  }
  return rankStandings(players);
}

/** A row of the standings, with the rule behind every point. */
export function standingRow(p: RankedPlayer, streaks: boolean): ArenaStandingRow {
  const sheet = scoreSheet(p.results, { streaks });
  return {
    rank: p.rank,
    username: p.username,
    rating: p.rating,
    points: p.points,
    performance: p.performance ?? p.rating,
    onFire: p.onFire,
    paused: p.paused,
    clubId: p.clubId,
    sheet: p.results.map((r, i) => ({
      gameId: r.gameId,
      points: sheet.scores[i]?.points ?? 0,
      rule: sheet.scores[i]?.rule ?? "loss",
      berserkBonus: sheet.scores[i]?.berserkBonus ?? false,
    })),
  };
}

export function standingsPage(arena: ArenaRecord, all: readonly RankedPlayer[], page: number): ArenaStandingsPage {
  return pageJson(arena, all.slice((page - 1) * STANDINGS_PAGE_SIZE, page * STANDINGS_PAGE_SIZE), page, all.length);
}

/** A page of the standings from its rows alone, `total` players in all. */
export function pageJson(
  arena: ArenaRecord,
  rows: readonly RankedPlayer[],
  page: number,
  total: number,
): ArenaStandingsPage {
  const nbPages = Math.max(1, Math.ceil(total / STANDINGS_PAGE_SIZE));
  return { page, nbPages, rows: rows.map((p) => standingRow(p, arena.settings.streaks)) };
}

/** A club battle's table with its players' names; null for other arenas. */
export function clubsJson(arena: ArenaRecord, all: readonly RankedPlayer[]): ClubBattleRow[] | null {
  const battle = arena.settings.clubBattle;
  if (!battle) return null;
  const names = new Map(all.map((p) => [p.userId, p.username]));
  return clubBattleStandings(all, battle.clubIds, battle.topN).map((c) => ({
    rank: c.rank,
    clubId: c.clubId,
    points: c.points,
    players: c.players.map((id) => names.get(id) ?? "?"),
  }));
}

/** The games being played now, the best placed players' first. */
export function topGames(
  all: readonly RankedPlayer[],
  playing: ReadonlyArray<{ gameId: string; whiteId: number; blackId: number }>,
  limit = 6,
): ArenaTopGame[] {
  const byId = new Map(all.map((p) => [p.userId, p]));
  return playing
    .flatMap((g) => {
      const w = byId.get(g.whiteId);
      const b = byId.get(g.blackId);
      return w && b ? [{ gameId: g.gameId, w, b }] : [];
    })
    .sort((x, y) => Math.min(x.w.rank, x.b.rank) - Math.min(y.w.rank, y.b.rank))
    .slice(0, limit)
    .map(({ gameId, w, b }) => ({
      gameId,
      white: w.username,
      black: b.username,
      whiteRank: w.rank,
      blackRank: b.rank,
    }));
}

/** A player's own line. */
export function meJson(arena: ArenaRecord, me: RankedPlayer | undefined, now: number): ArenaMe {
  return {
    tournamentId: arena.id,
    row: me ? standingRow(me, arena.settings.streaks) : null,
    gameId: me?.playingGameId ?? null,
    rejoinAt: me?.paused && me.rejoinAt !== null && me.rejoinAt > now ? me.rejoinAt : null,
  };
}
