import type { AccountStatus, HistoryRow, RatingHistory, Statistic } from "@chess/shared";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "../../lib/api.ts";
import { fakeIdentity } from "../../test/identity.tsx";
import { IdentityContext } from "../accounts/IdentityProvider.tsx";
import { ProfileView } from "./ProfileView.tsx";
import type { ProfileApi } from "./profileApi.ts";

afterEach(cleanup);

const row = (i: number, change: Partial<HistoryRow> = {}): HistoryRow => ({
  gameId: `g${i}`,
  username1: "alice",
  username2: `opp${i}`,
  player1Color: "white",
  player2Color: "black",
  timeVariant: "rapid",
  baseTime: 10,
  increment: 0,
  result: true,
  moves: "f3 e5 g4 Qh4#",
  initialFen: "start",
  rated: true,
  eloChange: 8,
  endedAt: Date.UTC(2025, 0, 2),
  reason: "checkmate",
  ...change,
});

const stats: Statistic[] = [
  { timeVariant: "bullet", eloPoints: 1500, gamesWon: 0, gamesPlayed: 0, winrate: 0 },
  { timeVariant: "blitz", eloPoints: 1500, gamesWon: 0, gamesPlayed: 0, winrate: 0 },
  { timeVariant: "rapid", eloPoints: 1512, gamesWon: 2, gamesPlayed: 3, winrate: 2 / 3 },
  { timeVariant: "classical", eloPoints: 1500, gamesWon: 0, gamesPlayed: 0, winrate: 0 },
  { timeVariant: "daily", eloPoints: 1500, gamesWon: 0, gamesPlayed: 0, winrate: 0 },
];
const ratings: RatingHistory = {
  bullet: [],
  blitz: [],
  rapid: [
    { t: 1, elo: 1508, change: 8 },
    { t: 2, elo: 1500, change: -8 },
    { t: 3, elo: 1512, change: 12 },
  ],
  classical: [],
  daily: [],
};

function fakeClient(
  history: (pageNo: number) => Promise<HistoryRow[]>,
  account: AccountStatus = { username: "alice", closed: false, closedAt: null },
) {
  return {
    history: vi.fn((_u: string, _v: string, pageNo: number) => history(pageNo)),
    stats: vi.fn(async () => stats),
    ratings: vi.fn(async () => ratings),
    status: vi.fn(async () => account),
  } as unknown as ProfileApi & {
    history: ReturnType<typeof vi.fn>;
    stats: ReturnType<typeof vi.fn>;
    status: ReturnType<typeof vi.fn>;
  };
}

function renderView(
  client: ProfileApi,
  own = false,
  logout = vi.fn(async () => {}),
  entry = "/profile?username=alice",
) {
  const router = createMemoryRouter(
    [
      { path: "/profile", element: <ProfileView username="alice" own={own} client={client} /> },
      { path: "/analysis", element: <p>analysis page</p> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <IdentityContext.Provider value={fakeIdentity({ identity: { kind: "user", username: "alice" }, logout })}>
      <RouterProvider router={router} />
    </IdentityContext.Provider>,
  );
  return { router, logout };
}

const table = () => screen.getByRole("table", { name: "Game history" });

describe("ProfileView", () => {
  it("names an arena game's tournament, a link to it", async () => {
    const client = fakeClient(async () => [row(1, { tournament: { id: "t1", name: "Hourly Blitz Arena" } }), row(2)]);
    const { router } = renderView(client);
    const link = await within(await screen.findByRole("table", { name: "Game history" })).findByRole("link", {
      name: "Hourly Blitz Arena",
    });
    expect(link.getAttribute("href")).toBe("/tournament/t1");
    expect(within(table()).getAllByRole("link", { name: "Hourly Blitz Arena" })).toHaveLength(1);
    expect(router.state.location.pathname).toBe("/profile");
  });

  it("shows the player, their games with result icons, move counts and rating changes", async () => {
    const client = fakeClient(async () => [
      row(1),
      row(2, { result: false, eloChange: -7 }),
      row(3, { result: null, rated: false, eloChange: null }),
    ]);
    renderView(client);
    expect(screen.getByRole("heading", { level: 1, name: "alice" })).toBeTruthy();
    await waitFor(() => expect(within(table()).getAllByRole("row")).toHaveLength(4));
    const [, first, second, third] = within(table()).getAllByRole("row");
    expect(within(first!).getByText("Win")).toBeTruthy();
    expect(within(first!).getByText("Rapid 10+0")).toBeTruthy();
    expect(within(first!).getByText("2")).toBeTruthy(); // 4 plies = 2 moves
    expect(within(first!).getByText("+8")).toBeTruthy();
    // The line under the opponent's name that stands for the hidden columns on a phone.
    expect(within(first!).getByText(/^Rapid 10\+0 · 2 moves · /)).toBeTruthy();
    expect(within(third!).getByText(/ · casual · \d+ moves? · /)).toBeTruthy();
    expect(within(second!).getByText("Loss")).toBeTruthy();
    expect(within(second!).getByText("−7")).toBeTruthy();
    expect(within(third!).getByText("Draw")).toBeTruthy();
    expect(within(first!).getByRole("link", { name: /PGN/ }).getAttribute("href")).toBe("/history/g1/pgn");
    expect(client.history).toHaveBeenCalledWith("alice", "standard", 1, expect.anything());
    expect(screen.queryByRole("button", { name: "Logout" })).toBeNull();
    // Short first page: no paging at all.
    expect(screen.queryByRole("button", { name: "Next" })).toBeNull();
  });

  it("opens the analysis of a clicked row with the route state it expects", async () => {
    const { router } = renderView(fakeClient(async () => [row(1, { player1Color: "black", player2Color: "white" })]));
    await waitFor(() => expect(within(table()).getAllByRole("row")).toHaveLength(2));
    fireEvent.click(within(table()).getByText("Rapid 10+0"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/analysis"));
    expect(router.state.location.search).toBe("?gameId=g1");
    expect(router.state.location.state).toEqual({
      moves: ["f3", "e5", "g4", "Qh4#"],
      initialFen: "start",
      playerColor: "black",
      gameId: "g1",
      opponent: "opp1",
    });
  });

  it("pages through the history 10 games at a time", async () => {
    const client = fakeClient(async (pageNo) =>
      pageNo === 1 ? Array.from({ length: 10 }, (_, i) => row(i)) : [row(100)],
    );
    renderView(client);
    await waitFor(() => expect(within(table()).getAllByRole("row")).toHaveLength(11));
    const previous = screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(within(table()).getAllByRole("row")).toHaveLength(2));
    expect(client.history).toHaveBeenLastCalledWith("alice", "standard", 2, expect.anything());
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    await waitFor(() => expect(within(table()).getAllByRole("row")).toHaveLength(11));
  });

  it("keeps the variant and the page in the address: opened there, paged, and Back", async () => {
    const client = fakeClient(async () => Array.from({ length: 10 }, (_, i) => row(i)));
    const { router } = renderView(client, false, undefined, "/profile?username=alice&variant=fun&page=3");
    await waitFor(() => expect(client.history).toHaveBeenLastCalledWith("alice", "fun", 3, expect.anything()));
    expect(client.history).toHaveBeenCalledTimes(1);
    expect(await screen.findByText("Page 3")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(router.state.location.search).toBe("?username=alice&variant=fun&page=4"));
    await waitFor(() => expect(client.history).toHaveBeenLastCalledWith("alice", "fun", 4, expect.anything()));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(client.history).toHaveBeenLastCalledWith("alice", "fun", 3, expect.anything()));
    expect(screen.getByText("Page 3")).toBeTruthy();
    // Another variant starts at its first page, and says so in the address.
    fireEvent.change(screen.getByLabelText("Game variant"), { target: { value: "standard" } });
    await waitFor(() => expect(router.state.location.search).toBe("?username=alice"));
    await waitFor(() => expect(client.history).toHaveBeenLastCalledWith("alice", "standard", 1, expect.anything()));
  });

  it("reloads everything for another variant", async () => {
    const client = fakeClient(async () => [row(1)]);
    renderView(client);
    await waitFor(() => expect(client.history).toHaveBeenCalledTimes(1));
    fireEvent.change(screen.getByLabelText("Game variant"), { target: { value: "jumpstart" } });
    await waitFor(() => expect(client.history).toHaveBeenLastCalledWith("alice", "jumpstart", 1, expect.anything()));
    expect(client.stats).toHaveBeenLastCalledWith("alice", "jumpstart", expect.anything());
  });

  it("shows the statistic cards, open when they have games, and collapsible", async () => {
    renderView(fakeClient(async () => []));
    const rapid = await screen.findByTestId("stat-card-rapid");
    await waitFor(() => expect(within(rapid).getByTestId("winrate").textContent).toBe("67%"));
    expect(within(rapid).getByTestId("games-played").textContent).toBe("3");
    expect(within(rapid).getByRole("img", { name: "Rapid rating: 1500 → 1512 over 3 rated games" })).toBeTruthy();
    const toggle = within(rapid).getByRole("button");
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");

    const blitz = within(screen.getByTestId("stat-card-blitz")).getByRole("button");
    expect(blitz.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(blitz);
    expect(within(screen.getByTestId("stat-card-blitz")).getByText("No rated games yet")).toBeTruthy();
    expect(screen.getByText("No games yet.")).toBeTruthy();
  });

  it("says when there is no such player", async () => {
    renderView(fakeClient(async () => Promise.reject(new ApiRequestError(404, "No player with that username"))));
    expect(await screen.findByText("No player named alice")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("says a closed account is closed, instead of its ratings, games and actions", async () => {
    const closedAt = Date.UTC(2026, 10, 28, 12);
    const client = fakeClient(async () => [row(1)], { username: "Alice", closed: true, closedAt });
    render(
      <IdentityContext.Provider value={fakeIdentity({ identity: { kind: "user", username: "bob" } })}>
        <RouterProvider
          router={createMemoryRouter(
            [
              {
                path: "/profile",
                element: (
                  <ProfileView
                    username="alice"
                    own={false}
                    client={client}
                    actions={<button type="button">Add friend</button>}
                  />
                ),
              },
            ],
            { initialEntries: ["/profile?username=alice"] },
          )}
        />
      </IdentityContext.Provider>,
    );
    const note = await screen.findByRole("status");
    expect(within(note).getByRole("heading", { level: 1, name: "Alice" })).toBeTruthy();
    expect(note.textContent).toContain(
      "This account is closed.Closed on 28 Nov 2026. Its finished games keep its name",
    );
    expect(client.status).toHaveBeenCalledWith("alice", expect.anything());
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByText("Ratings")).toBeNull();
    expect(screen.queryByRole("button", { name: "Add friend" })).toBeNull();
  });

  it("shows the history error with its status", async () => {
    renderView(fakeClient(async () => Promise.reject(new ApiRequestError(500, "boom"))));
    expect((await screen.findByRole("alert")).textContent).toBe("Cannot retrieve history, error returned: 500");
  });

  it("offers Logout on the own profile only", async () => {
    const { logout } = renderView(
      fakeClient(async () => []),
      true,
    );
    expect(screen.getByText("Your profile")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Logout" }));
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
  });
});
