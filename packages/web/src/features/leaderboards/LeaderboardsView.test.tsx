import type { Club, Leaderboard, LeaderboardOverview } from "@chess/shared";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "../../lib/api.ts";
import { fakeIdentity, renderWithIdentity } from "../../test/identity.tsx";
import { LeaderboardsView } from "./LeaderboardsView.tsx";
import type { LeaderboardsApi } from "./leaderboardsApi.ts";

afterEach(cleanup);

const page = (pageNo: number, lastPage: number): Leaderboard => ({
  rows: [0, 1, 2, 3].map((i) => ({
    rank: (pageNo - 1) * 4 + i + 1,
    username: `p${pageNo}-${i}`,
    elo: 1600 - i,
    avatarUrl: null,
    gamesPlayed: 3,
  })),
  lastPage,
});

/** Bullet has players, Rapid none: the overview must not open on an empty board. */
const overview: LeaderboardOverview = {
  boards: (["standard", "jumpstart", "fun"] as const).flatMap((gameVariant) =>
    (["bullet", "blitz", "rapid", "classical"] as const).map((timeVariant) => {
      const ranked = gameVariant === "standard" && timeVariant !== "rapid";
      return {
        gameVariant,
        timeVariant,
        players: ranked ? 42 : 0,
        rows: ranked
          ? [1, 2].map((rank) => ({
              rank,
              username: `${timeVariant}${rank}`,
              elo: 2000 - rank,
              avatarUrl: null,
              gamesPlayed: 9,
            }))
          : [],
      };
    }),
  ),
};

function fakeClient(overrides: Partial<LeaderboardsApi> = {}) {
  return {
    overview: vi.fn(async () => overview),
    board: vi.fn(async ({ pageNo }: { pageNo: number }) => page(pageNo, 2)),
    clubs: vi.fn(async (): Promise<Club[]> => {
      throw new ApiRequestError(401, "Unauthorized");
    }),
    ...overrides,
  } as LeaderboardsApi & {
    overview: ReturnType<typeof vi.fn>;
    board: ReturnType<typeof vi.fn>;
    clubs: ReturnType<typeof vi.fn>;
  };
}

/** A board in full, as a link to it opens it. */
const RAPID = "/leaderboards?gameVariant=standard&timeVariant=rapid";

const rows = () => screen.getAllByTestId("leaderboard-row");

describe("LeaderboardsView: the overview", () => {
  it("opens on every board's top players, by variant, each linking to its full board", async () => {
    const client = fakeClient();
    renderWithIdentity(<LeaderboardsView client={client} />, fakeIdentity(), "/leaderboards");
    const cards = await screen.findAllByTestId("leaderboard-card");
    // Standard's four boards; the variants nobody played are one line.
    expect(cards.map((c) => c.getAttribute("aria-label"))).toEqual([
      "Standard Bullet",
      "Standard Blitz",
      "Standard Rapid",
      "Standard Classical",
    ]);
    expect(
      within(cards[0]!)
        .getAllByTestId("leaderboard-row")
        .map((r) => r.textContent),
    ).toEqual(["Rank 1bullet1Elo 1999", "Rank 2bullet2Elo 1998"]);
    expect(within(cards[0]!).getByText("42 players")).toBeTruthy();
    expect(within(cards[2]!).getByText("No rated games yet")).toBeTruthy();
    expect(screen.getByText("No rated Chess960 or Jumpstart games yet.")).toBeTruthy();
    expect(client.board).not.toHaveBeenCalled();
    // The filters are there as on a board.
    expect(screen.getByRole("button", { name: "Get Leaderboards" })).toBeTruthy();

    fireEvent.click(within(cards[1]!).getByRole("link", { name: "Full Standard Blitz leaderboard" }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(client.board).toHaveBeenLastCalledWith(
      expect.objectContaining({ filters: expect.objectContaining({ timeClass: "blitz" }), pageNo: 1 }),
      expect.anything(),
    );
    expect(screen.getByText("Standard · Blitz · Global")).toBeTruthy();
    expect((screen.getByLabelText("Time Variant") as HTMLSelectElement).value).toBe("blitz");

    fireEvent.click(screen.getByRole("link", { name: "All leaderboards" }));
    expect(await screen.findAllByTestId("leaderboard-card")).toHaveLength(4);
  });

  it("a filter chosen on the overview opens that board", async () => {
    const client = fakeClient();
    renderWithIdentity(<LeaderboardsView client={client} />, fakeIdentity(), "/leaderboards");
    await screen.findAllByTestId("leaderboard-card");
    fireEvent.change(screen.getByLabelText("Game Variant"), { target: { value: "fun" } });
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(client.board).toHaveBeenLastCalledWith(
      expect.objectContaining({ filters: expect.objectContaining({ variant: "fun", timeClass: "rapid" }) }),
      expect.anything(),
    );
  });

  it("shows a failure's message", async () => {
    const client = fakeClient({
      overview: vi.fn(async () => {
        throw new ApiRequestError(503, "Try again in a moment");
      }),
    });
    renderWithIdentity(<LeaderboardsView client={client} />, fakeIdentity(), "/leaderboards");
    expect((await screen.findByRole("alert")).textContent).toBe("Try again in a moment");
  });
});

describe("LeaderboardsView: a board in full", () => {
  it("loads the board its address names, highlights the top three and links rows to profiles", async () => {
    const client = fakeClient();
    renderWithIdentity(<LeaderboardsView client={client} />, fakeIdentity(), RAPID);
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(client.board).toHaveBeenCalledWith(
      expect.objectContaining({
        filters: { variant: "standard", timeClass: "rapid", clubId: null, eloType: "global" },
        pageNo: 1,
      }),
      expect.anything(),
    );
    expect(rows()[0]?.className).toContain("lb-row--gold");
    expect(rows()[2]?.className).toContain("lb-row--bronze");
    expect(rows()[3]?.className).not.toContain("lb-row--");
    expect(rows()[0]?.getAttribute("href")).toBe("/profile?username=p1-0");
    expect(within(rows()[0]!).getByText("1600")).toBeTruthy();
    // A guest: no clubs are asked for, the Filter offers Global only; Elo Type is off.
    expect(client.clubs).not.toHaveBeenCalled();
    expect(within(screen.getByLabelText("Filter")).getAllByRole("option")).toHaveLength(1);
    expect((screen.getByLabelText("Elo Type") as HTMLSelectElement).disabled).toBe(true);
  });

  it("pages with Previous and Next, Next hidden on the last page", async () => {
    renderWithIdentity(<LeaderboardsView client={fakeClient()} />, fakeIdentity(), RAPID);
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.queryByRole("button", { name: "Previous" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(screen.getByText("p2-0")).toBeTruthy());
    expect(screen.queryByRole("button", { name: "Next" })).toBeNull();
    expect(screen.getByText("Page 2 of 2")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    await waitFor(() => expect(screen.getByText("p1-0")).toBeTruthy());
  });

  it("applies the filters as they change and with Get Leaderboards, from page 1, and offers my clubs", async () => {
    const client = fakeClient({
      clubs: vi.fn(async () => [
        { clubId: 5, clubName: "Knights", isAdministrator: true, administratorId: 1, joinPolicy: "invite" as const },
      ]),
    });
    renderWithIdentity(
      <LeaderboardsView client={client} />,
      fakeIdentity({ identity: { kind: "user", username: "me" } }),
      RAPID,
    );
    await waitFor(() => expect(screen.getByRole("option", { name: "Knights" })).toBeTruthy());
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(screen.getByText("p2-0")).toBeTruthy());

    fireEvent.change(screen.getByLabelText("Time Variant"), { target: { value: "blitz" } });
    // Shown at once, without the button.
    await waitFor(() =>
      expect(client.board).toHaveBeenLastCalledWith(
        expect.objectContaining({ filters: expect.objectContaining({ timeClass: "blitz" }), pageNo: 1 }),
        expect.anything(),
      ),
    );
    expect(screen.getByText("Standard · Blitz · Global")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Filter"), { target: { value: "5" } });
    const eloType = screen.getByLabelText("Elo Type") as HTMLSelectElement;
    expect(eloType.disabled).toBe(false);
    fireEvent.change(eloType, { target: { value: "club" } });
    fireEvent.click(screen.getByRole("button", { name: "Get Leaderboards" }));
    await waitFor(() =>
      expect(client.board).toHaveBeenLastCalledWith(
        expect.objectContaining({
          filters: { variant: "standard", timeClass: "blitz", clubId: 5, eloType: "club" },
          pageNo: 1,
        }),
        expect.anything(),
      ),
    );
  });

  it("says so when nothing is ranked, and shows a failure's message", async () => {
    const client = fakeClient({ board: vi.fn(async () => ({ rows: [], lastPage: 1 })) });
    renderWithIdentity(<LeaderboardsView client={client} />, fakeIdentity(), RAPID);
    expect(await screen.findByText("No Leaderboard Found - Try Changing the Filters")).toBeTruthy();

    cleanup();
    const failing = fakeClient({
      board: vi.fn(async () => {
        throw new ApiRequestError(404, "Club not found");
      }),
    });
    renderWithIdentity(<LeaderboardsView client={failing} />, fakeIdentity(), RAPID);
    expect((await screen.findByRole("alert")).textContent).toBe("Club not found");
  });
});
