import type { WatchList } from "@chess/shared";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { fakeRealtime, WithRealtime } from "../../test/realtime.tsx";
import { watchedGame, watchList } from "./testWatch.ts";
import { WatchView } from "./WatchView.tsx";

afterEach(cleanup);

function setup(first: WatchList) {
  const rt = fakeRealtime((event, payload) => {
    if (event !== "followWatchList") return undefined;
    const variant = (payload as { variant?: string } | undefined)?.variant;
    return { ok: true, data: variant ? watchList([], { variant: variant as WatchList["variant"] }) : first };
  });
  const view = render(
    <WithRealtime realtime={rt.realtime}>
      <MemoryRouter>
        <WatchView />
      </MemoryRouter>
    </WithRealtime>,
  );
  return { rt, view };
}

const games = () => screen.getByRole("list", { name: "Live games" });

describe("WatchView", () => {
  it("lists the live games, best first, each a link to watch it", async () => {
    const guestGame = watchedGame("g2", {
      rated: false,
      white: { name: "Guest-1", rating: null, guest: true },
      black: { name: "Guest-2", rating: null, guest: true },
      ply: 0,
      lastMove: null,
      fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      turn: "w",
    });
    setup(watchList([watchedGame("g1"), guestGame]));
    const top = await screen.findByRole("link", { name: /^Watch alice \(1520\) vs bob \(1480\)/ });
    expect(top.getAttribute("href")).toBe("/play?gameId=g1");
    expect(top.getAttribute("aria-label")).toBe(
      "Watch alice (1520) vs bob (1480), Blitz 5+3 · Rated · Standard, 1 move",
    );
    expect(within(top).getByRole("img", { name: "Position after 1 move" })).toBeTruthy();
    expect(top.querySelector('[data-square="e4"]')?.getAttribute("data-piece")).toBe("wP");
    expect(top.querySelector(".mini-board__square--moved")).not.toBeNull();
    const links = within(games()).getAllByRole("link");
    expect(links.map((l) => l.getAttribute("href"))).toEqual(["/play?gameId=g1", "/play?gameId=g2"]);
    expect(links[1]?.textContent).toContain("Guest");
    expect(links[1]?.textContent).toContain("No moves yet");
    expect(screen.getByRole("link", { name: "Watch TV: the best game on" }).getAttribute("href")).toBe("/tv");
  });

  it("follows the lists the server sends, and says when no game is on", async () => {
    const { rt } = setup(watchList([watchedGame("g1")]));
    await screen.findByRole("link", { name: /^Watch alice/ });
    rt.serverEmit("watchList", watchList([watchedGame("g1", { ply: 3, lastMove: "g1f3" })]));
    expect(within(games()).getByRole("link").textContent).toContain("2 moves");
    rt.serverEmit("watchList", watchList([]));
    expect(screen.getByText(/^No games are being played right now\./).textContent).toBe(
      "No games are being played right now. Start one in the lobby!",
    );
    expect(screen.getByRole("link", { name: "Start one in the lobby!" }).getAttribute("href")).toBe("/");
  });

  it("follows one variant when filtered, and stops following when it goes", async () => {
    const { rt, view } = setup(watchList([watchedGame("g1")]));
    await screen.findByRole("link", { name: /^Watch alice/ });
    await act(async () => {
      fireEvent.change(screen.getByRole("combobox", { name: "Variant" }), { target: { value: "jumpstart" } });
    });
    expect(rt.requests.slice(-2)).toEqual([
      { event: "unfollowWatchList", payload: undefined },
      { event: "followWatchList", payload: { variant: "jumpstart" } },
    ]);
    expect(await screen.findByText(/^No games are being played right now\./)).toBeTruthy();
    view.unmount();
    expect(rt.events().at(-1)).toBe("unfollowWatchList");
  });
});
