import type { ArenaView } from "@chess/shared";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeIdentity, renderWithIdentity } from "../../test/identity.tsx";
import { fakeRealtime, WithRealtime } from "../../test/realtime.tsx";
import { TournamentView } from "./TournamentView.tsx";
import { arenaView, standingRow } from "./testArena.ts";
import type { TournamentsApi } from "./tournamentsApi.ts";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const alice = fakeIdentity({ identity: { kind: "user", username: "alice" } });

function setup(view: ArenaView, identity = alice, api?: Partial<TournamentsApi>) {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: view.serverTime });
  const rt = fakeRealtime((event) => {
    if (event === "followArena") return { ok: true, data: view };
    if (event === "joinArena")
      return {
        ok: true,
        data: { tournamentId: "t1", row: standingRow({ username: "alice" }), gameId: null, rejoinAt: null },
      };
    return undefined;
  });
  const utils = renderWithIdentity(
    <WithRealtime realtime={rt.realtime}>
      <TournamentView id="t1" api={api as TournamentsApi} />
    </WithRealtime>,
    identity,
  );
  return { rt, ...utils };
}

describe("TournamentView", () => {
  it("shows the arena, its time left and its standings with fire, pause and the rule behind every score", async () => {
    const { rt } = setup(arenaView({}, {}));
    expect(await screen.findByRole("heading", { level: 1, name: "Hourly Blitz Arena" })).toBeTruthy();
    expect(rt.requests[0]).toEqual({ event: "followArena", payload: { tournamentId: "t1" } });
    expect(screen.getByText("Blitz 3+2 · Rated · Standard · 45 min")).toBeTruthy();
    expect(screen.getByRole("timer").textContent).toBe("35:00");
    const table = screen.getByRole("table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getByRole("link").textContent)).toEqual(["alice", "bob", "carol"]);
    expect(within(rows[0] as HTMLElement).getByText("On fire")).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText("paused")).toBeTruthy();
    // My line is marked.
    expect(rows[0]?.getAttribute("aria-current")).toBe("true");
    const berserkWin = within(rows[0] as HTMLElement).getByRole("button", { name: /^5: Win on fire/ });
    expect(berserkWin.getAttribute("title")).toContain("Berserk win of 14 plies or more: 1 more point");
    fireEvent.click(within(rows[0] as HTMLElement).getByRole("button", { name: /^0: / }));
    expect(screen.getByRole("status").textContent).toBe("Draw in fewer than 20 plies: no points");
    expect(screen.getByRole("region", { name: "Tournament chat" })).toBeTruthy();
  });

  it("joins over the socket, then offers Pause; live standings replace the first page", async () => {
    const { rt } = setup(arenaView());
    fireEvent.click(await screen.findByRole("button", { name: "Join" }));
    expect(await screen.findByRole("button", { name: "Pause" })).toBeTruthy();
    expect(rt.events()).toContain("joinArena");
    rt.serverEmit("arenaStandings", {
      tournamentId: "t1",
      status: "started",
      nbPlayers: 3,
      top: [standingRow({ username: "bob", points: 12 }), standingRow({ rank: 2 })],
      clubs: null,
      topGames: [{ gameId: "g42", white: "bob", black: "alice", whiteRank: 1, blackRank: 2 }],
    });
    expect(screen.getByRole("link", { name: "Watch bob vs alice" }).getAttribute("href")).toBe("/play?gameId=g42");
    expect(screen.getByRole("heading", { name: /^You: 2nd, 10 points/ })).toBeTruthy();
  });

  it("counts down the rejoin delay of a paused player", async () => {
    const me = { row: standingRow({ paused: true }), gameId: null, rejoinAt: arenaView().serverTime + 10_000 };
    setup(arenaView({ me }));
    expect(await screen.findByText("You can rejoin in 10 s")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Rejoin" }) as HTMLButtonElement).disabled).toBe(true);
    await vi.advanceTimersByTimeAsync(13_000);
    expect((screen.getByRole("button", { name: "Rejoin" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("asks a guest to log in, and tells a player why they cannot join", async () => {
    setup(arenaView());
    cleanup();
    setup(arenaView(), fakeIdentity());
    expect(await screen.findByRole("button", { name: "Log in to join" })).toBeTruthy();
    expect(screen.getByText("Log in to read the tournament chat.")).toBeTruthy();
    cleanup();
    setup(
      arenaView({ canJoin: { ok: false, message: "Only members of the organising club can join this tournament" } }),
    );
    expect(await screen.findByText("Only members of the organising club can join this tournament")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Join" })).toBeNull();
  });

  it("shows the podium and the club battle once finished", async () => {
    setup(
      arenaView(
        {
          clubNames: { 1: "Knights", 2: "Rooks" },
          clubs: [
            { rank: 1, clubId: 1, points: 14, players: ["alice", "bob"] },
            { rank: 2, clubId: 2, points: 0, players: ["carol"] },
          ],
        },
        { status: "finished", winner: "alice", clubBattle: { clubIds: [1, 2], topN: 5 } },
      ),
    );
    const podium = await screen.findByRole("region", { name: "Podium" });
    expect(
      within(podium)
        .getAllByRole("link")
        .map((l) => l.textContent),
    ).toEqual(["alice", "bob", "carol"]);
    expect(screen.getByText("Winner: alice")).toBeTruthy();
    const battle = screen.getByRole("region", { name: "Club battle" });
    expect(within(battle).getByText("Knights")).toBeTruthy();
  });

  it("says when the tournament does not exist", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const rt = fakeRealtime((event) =>
      event === "followArena" ? { ok: false, code: "not_found", message: "Tournament not found" } : undefined,
    );
    renderWithIdentity(
      <WithRealtime realtime={rt.realtime}>
        <TournamentView id="nope" />
      </WithRealtime>,
    );
    expect((await screen.findByRole("alert")).textContent).toBe("Tournament not found");
  });
});
