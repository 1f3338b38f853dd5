import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { rankStandings } from "../src/areas/tournaments/arenaStandings.ts";
import { createTournamentsRepo, type TournamentsRepo } from "../src/areas/tournaments/tournamentsRepo.ts";
import { createTournamentsService, type LiveArena } from "../src/areas/tournaments/tournamentsService.ts";
import { users } from "../src/storage/schema.ts";
import { useTestDatabase } from "./harness.ts";
import { testArenaSettings } from "./testArena.ts";

/**
 * Opening an arena's page, its standings pages and joining read a page of rows and the viewer's line, never every
 * player's row (issue 45: a 1,000-player arena read a thousand rows per open and per join).
 */
const test = useTestDatabase();
let repo: TournamentsRepo;
const players: Array<{ id: number; username: string }> = [];
const T0 = Date.UTC(2026, 10, 22, 18, 0);

beforeAll(async () => {
  repo = createTournamentsRepo(test.database.db);
  players.push(
    ...(await test.database.db
      .insert(users)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          username: `pr_${i}`,
          email: `pr_${i}@example.com`,
          passwordHash: "x",
        })),
      )
      .returning({ id: users.id, username: users.username })),
  );
});

function service(live?: (id: string) => LiveArena | undefined) {
  const reads: string[] = [];
  const counted: TournamentsRepo = {
    ...repo,
    players: (id) => {
      reads.push("every player");
      return repo.players(id);
    },
    playing: (id) => {
      reads.push("every game");
      return repo.playing(id);
    },
  };
  const s = createTournamentsService({
    repo: counted,
    records: { rating: async () => ({ elo: 1500, games: 0 }) },
    membership: { clubIdsOf: async () => [], administers: async () => false, names: async () => new Map() },
    calendar: { addArena: async () => {} } as never,
    notify: { toFollowers: async () => {}, toUsers: () => {} },
    changed: () => {},
    created: () => {},
    now: () => T0,
    logger: pino({ level: "silent" }),
    ...(live ? { live } : {}),
  });
  return { s, reads };
}

describe("an arena's page reads", () => {
  it("a page of rows and the viewer's line on open, join and standings pages; the director's memory when here", async () => {
    const id = "pagereads";
    await repo.insert({
      id,
      createdBy: null,
      settings: testArenaSettings(T0 + 60_000, { name: "Page Arena", timeControl: { baseTime: 3, increment: 0 } }),
    });
    const [first, ...rest] = players;
    for (const [i, p] of rest.entries()) await repo.join(id, { userId: p.id, rating: 1400 + 7 * i, clubId: null });
    const everyone = rankStandings(await repo.players(id));

    const { s, reads } = service();
    const viewer = { userId: rest[3]!.id, username: rest[3]!.username };
    const view = await s.view(viewer, id);
    expect(view.ok && view.data.standings.rows.map((r) => r.username)).toEqual(
      everyone.slice(0, 10).map((p) => p.username),
    );
    expect(view.ok && view.data.standings.nbPages).toBe(3);
    expect(view.ok && view.data.me?.row?.rank).toBe(everyone.find((p) => p.userId === viewer.userId)?.rank);
    const page3 = await s.standings(id, 3);
    expect(page3.ok && page3.data.rows.map((r) => [r.rank, r.username])).toEqual(
      everyone.slice(20).map((p) => [p.rank, p.username]),
    );
    expect((await s.standingsUpdate(id))?.top.map((r) => r.username)).toEqual(
      everyone.slice(0, 10).map((p) => p.username),
    );
    const joined = await s.join({ userId: first!.id, username: first!.username }, id);
    expect(joined.ok && joined.data.row?.username).toBe(first!.username);
    expect(await s.exists(id)).toBe(true);
    expect(await s.exists("no-such-arena")).toBe(false);
    expect(reads).toEqual([]);

    // Directed here: the page comes from the director's memory.
    const standings = rankStandings(await repo.players(id));
    const here = service(() => ({
      standings,
      lines: (ids) => standings.filter((p) => ids.includes(p.userId)),
      playing: [],
      nbPlayers: standings.length,
      running: false,
    }));
    const fromMemory = await here.s.view(null, id);
    expect(fromMemory.ok && fromMemory.data.standings.rows.map((r) => r.username)).toEqual(
      standings.slice(0, 10).map((p) => p.username),
    );
    expect((await here.s.standingsUpdate(id))?.nbPlayers).toBe(25);
    expect(here.reads).toEqual([]);
  });
});
