import type { ArenaStandingRow, ArenaSummary, ArenaView, TournamentList } from "@chess/shared";

/** Fixtures of the arena contract, for the tests and the screenshots. */
export function arenaSummary(over: Partial<ArenaSummary> = {}): ArenaSummary {
  return {
    id: "t1",
    name: "Hourly Blitz Arena",
    status: "started",
    baseTime: 3,
    increment: 2,
    timeClass: "blitz",
    variant: "standard",
    jumpstart: null,
    rated: true,
    berserkable: true,
    streaks: true,
    durationMinutes: 45,
    startsAt: 1_000_000,
    endsAt: 1_000_000 + 45 * 60_000,
    conditions: {},
    clubBattle: null,
    nbPlayers: 3,
    winner: null,
    recurrence: "none",
    scheduled: true,
    ...over,
  };
}

export function standingRow(over: Partial<ArenaStandingRow> = {}): ArenaStandingRow {
  return {
    rank: 1,
    username: "alice",
    rating: 1720,
    points: 10,
    performance: 1850,
    onFire: true,
    paused: false,
    clubId: null,
    sheet: [
      { gameId: "g1", points: 2, rule: "win", berserkBonus: false },
      { gameId: "g2", points: 2, rule: "win", berserkBonus: false },
      { gameId: "g3", points: 5, rule: "winOnFire", berserkBonus: true },
      { gameId: "g4", points: 0, rule: "quickDraw", berserkBonus: false },
      { gameId: "g5", points: 1, rule: "draw", berserkBonus: false },
    ],
    ...over,
  };
}

export const threeRows = (): ArenaStandingRow[] => [
  standingRow(),
  standingRow({
    rank: 2,
    username: "bob",
    rating: 1650,
    points: 4,
    performance: 1700,
    onFire: false,
    sheet: [
      { gameId: "g1", points: 0, rule: "loss", berserkBonus: false },
      { gameId: "g6", points: 2, rule: "win", berserkBonus: false },
      { gameId: "g7", points: 2, rule: "win", berserkBonus: false },
    ],
  }),
  standingRow({ rank: 3, username: "carol", rating: 1500, points: 0, onFire: false, paused: true, sheet: [] }),
];

export function arenaView(over: Partial<ArenaView> = {}, arena: Partial<ArenaSummary> = {}): ArenaView {
  return {
    arena: arenaSummary(arena),
    clubName: null,
    clubNames: {},
    standings: { page: 1, nbPages: 1, rows: threeRows() },
    clubs: null,
    me: null,
    canJoin: { ok: true },
    chatRoom: "t1",
    serverTime: 1_000_000 + 10 * 60_000,
    ...over,
  };
}

export function tournamentList(now: number): TournamentList {
  return {
    created: [
      arenaSummary({
        id: "c1",
        name: "Rapid Arena",
        status: "created",
        startsAt: now + 4 * 60_000,
        endsAt: null,
        baseTime: 10,
        increment: 0,
        timeClass: "rapid",
        nbPlayers: 2,
      }),
    ],
    started: [arenaSummary({ id: "s1", startsAt: now - 5 * 60_000, endsAt: now + 40 * 60_000, nbPlayers: 17 })],
    finished: [
      arenaSummary({
        id: "f1",
        name: "Bullet Arena",
        status: "finished",
        baseTime: 1,
        increment: 0,
        timeClass: "bullet",
        winner: "alice",
        nbPlayers: 25,
        startsAt: now - 90 * 60_000,
        endsAt: now - 60 * 60_000,
      }),
    ],
  };
}
