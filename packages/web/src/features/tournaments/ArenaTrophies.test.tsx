import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ArenaTrophies } from "./ArenaTrophies.tsx";
import { type TournamentsApi, tournamentsApi } from "./tournamentsApi.ts";

afterEach(cleanup);

describe("ArenaTrophies", () => {
  it("lists a player's podiums, each a link to its arena; nothing when there are none", async () => {
    const api: TournamentsApi = {
      ...tournamentsApi,
      trophies: vi.fn(async (username: string) =>
        username === "alice"
          ? [
              {
                tournamentId: "t1",
                name: "Hourly Blitz Arena",
                rank: 1,
                finishedAt: Date.parse("2026-11-30T18:00:00Z"),
              },
            ]
          : [],
      ),
    };
    const view = render(
      <MemoryRouter>
        <ArenaTrophies username="alice" api={api} />
      </MemoryRouter>,
    );
    const link = await screen.findByRole("link", { name: "Hourly Blitz Arena" });
    expect(link.getAttribute("href")).toBe("/tournament/t1");
    expect(screen.getByRole("region", { name: "Tournament trophies" }).textContent).toContain("1st");
    view.rerender(
      <MemoryRouter>
        <ArenaTrophies username="bob" api={api} />
      </MemoryRouter>,
    );
    await vi.waitFor(() => expect(screen.queryByRole("region", { name: "Tournament trophies" })).toBeNull());
  });
});
