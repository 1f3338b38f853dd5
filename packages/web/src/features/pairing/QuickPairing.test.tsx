import { type LobbyCounts, POOLS } from "@chess/shared";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeIdentity, renderWithIdentity } from "../../test/identity.tsx";
import { fakeRealtime, WithRealtime } from "../../test/realtime.tsx";
import { ALONE_AFTER_MS, COMPUTER_AFTER_MS } from "./pairingStore.ts";
import { QuickPairing } from "./QuickPairing.tsx";

afterEach(cleanup);

const counts = (waiting32: number): LobbyCounts => ({
  playersOnline: 7,
  gamesInPlay: 1,
  pools: POOLS.map((p) => ({
    poolId: p.id,
    waiting: p.id === "3+2" ? waiting32 : 0,
    playing: p.id === "3+2" ? 2 : 0,
    offers: 0,
  })),
});

function setup(respond?: Parameters<typeof fakeRealtime>[0], kind: "guest" | "user" = "guest") {
  const rt = fakeRealtime(
    respond ??
      ((event, payload) => {
        if (event === "watchLobbyCounts")
          return { ok: true, data: { ...counts(0), myPool: { poolId: null, mixed: false } } };
        if (event === "joinPool") return { ok: true, data: { ...(payload as object), mixed: false } };
        return undefined;
      }),
  );
  const view = renderWithIdentity(
    <WithRealtime realtime={rt.realtime}>
      <QuickPairing />
    </WithRealtime>,
    fakeIdentity({ identity: { kind, username: kind === "user" ? "alice" : "Guest-1" } }),
  );
  return { ...rt, ...view };
}

const tile = (name: string) => screen.getByRole("button", { name });

describe("QuickPairing", () => {
  it("shows twelve tiles with their counts and the site's numbers", async () => {
    setup();
    expect(screen.getAllByRole("button", { pressed: false })).toHaveLength(12);
    expect((await screen.findByTestId("lobby-counts")).textContent).toBe("7 players online · 1 game in play");
    expect(tile("3+2 Blitz").textContent).toContain("0 waiting, 2 playing");
  });

  it("replaces the figures with the counts the server pushes", async () => {
    const rt = setup();
    await screen.findByTestId("lobby-counts");
    rt.serverEmit("lobbyCounts", { ...counts(4), playersOnline: 1 });
    expect(tile("3+2 Blitz").textContent).toContain("4 waiting");
    expect(screen.getByTestId("lobby-counts").textContent).toContain("1 player online ·");
  });

  it("while a join is on its way, the tile stays focusable and ignores another press", async () => {
    let answer!: (a: { ok: true; data: { poolId: string; mixed: boolean } }) => void;
    const rt = setup((event) => {
      if (event === "joinPool") return new Promise((resolve) => (answer = resolve));
      return undefined;
    });
    const t = tile("3+2 Blitz");
    t.focus();
    fireEvent.click(t);
    expect(t.getAttribute("aria-disabled")).toBe("true");
    expect((t as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(t);
    expect(rt.requests.filter((r) => r.event === "joinPool" || r.event === "leavePool")).toHaveLength(1);
    answer({ ok: true, data: { poolId: "3+2", mixed: false } });
    await waitFor(() => expect(tile("3+2 Blitz").getAttribute("aria-pressed")).toBe("true"));
    expect(tile("3+2 Blitz").getAttribute("aria-disabled")).toBeNull();
    expect(document.activeElement).toBe(tile("3+2 Blitz"));
  });

  it("joins a pool on a click, shows it searching, and cancels on a second click", async () => {
    const rt = setup();
    fireEvent.click(tile("3+2 Blitz"));
    await waitFor(() => expect(tile("3+2 Blitz").getAttribute("aria-pressed")).toBe("true"));
    expect(rt.requests.find((r) => r.event === "joinPool")?.payload).toEqual({ poolId: "3+2", mixed: true });
    expect(screen.getByRole("status").textContent).toContain("Searching for a 3+2 opponent");
    fireEvent.click(tile("3+2 Blitz"));
    await waitFor(() => expect(tile("3+2 Blitz").getAttribute("aria-pressed")).toBe("false"));
    expect(rt.requests.at(-1)).toEqual({ event: "leavePool", payload: { poolId: "3+2" } });
  });

  it("cancels with the Cancel search button, and follows the pool from other tabs", async () => {
    const rt = setup();
    rt.serverEmit("poolChanged", { poolId: "1+0", mixed: false });
    expect(tile("1+0 Bullet").getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Cancel search" }));
    await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
    expect(rt.requests.at(-1)).toEqual({ event: "leavePool", payload: { poolId: "1+0" } });
    rt.serverEmit("poolChanged", { poolId: "10+0", mixed: false });
    rt.serverEmit("poolChanged", { poolId: null, mixed: false, reason: "paired" });
    expect(screen.queryAllByRole("button", { pressed: true })).toHaveLength(0);
  });

  it("says why a join was refused", async () => {
    setup((event) =>
      event === "joinPool" ? { ok: false, code: "busy", message: "You are already playing a game" } : undefined,
    );
    fireEvent.click(tile("5+0 Blitz"));
    expect((await screen.findByRole("alert")).textContent).toBe("You are already playing a game");
    expect(tile("5+0 Blitz").getAttribute("aria-pressed")).toBe("false");
  });

  it("lets a guest play accounts and an account play guests by default, and either opt out", () => {
    const rt = setup();
    const mixed = screen.getByLabelText("Also play registered players") as HTMLInputElement;
    expect(mixed.checked).toBe(true);
    fireEvent.click(tile("10+5 Rapid"));
    expect(rt.requests.find((r) => r.event === "joinPool")?.payload).toEqual({ poolId: "10+5", mixed: true });
    cleanup();
    const rt2 = setup(undefined, "user");
    fireEvent.click(screen.getByLabelText("Also play guests (unrated)"));
    fireEvent.click(tile("10+5 Rapid"));
    expect(rt2.requests.find((r) => r.event === "joinPool")?.payload).toEqual({ poolId: "10+5", mixed: false });
  });

  it("leaves the pool and stops watching when it goes (leaving the page)", async () => {
    const rt = setup();
    rt.serverEmit("poolChanged", { poolId: "3+2", mixed: false });
    rt.serverEmit("lobbyCounts", counts(3));
    expect(tile("3+2 Blitz").textContent).toContain("3 waiting");
    rt.unmount();
    expect(rt.events().slice(-2)).toEqual(["leavePool", "unwatchLobbyCounts"]);
  });

  describe("searching alone", () => {
    afterEach(() => {
      vi.useRealTimers();
      localStorage.clear();
    });
    const alone = () => screen.queryByText(/Nobody else is looking for a 5\+0 game/);

    it("offers the computer at the pool's time control once nobody else has come for a while", async () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
      const rt = setup();
      rt.serverEmit("poolChanged", { poolId: "5+0", mixed: false });
      act(() => vi.advanceTimersByTime(ALONE_AFTER_MS - 1));
      expect(alone()).toBeNull();
      act(() => vi.advanceTimersByTime(1));
      expect(alone()?.textContent).toBe("Nobody else is looking for a 5+0 game right now. The search goes on.");

      fireEvent.click(screen.getByRole("button", { name: "Play the computer while you wait" }));
      const dialog = screen.getByRole("dialog", { name: "Play with the computer" });
      expect(within(dialog).getByRole("button", { name: "5+0" }).getAttribute("aria-pressed")).toBe("true");
      fireEvent.click(within(dialog).getByRole("button", { name: "Play" }));
      await act(async () => {});
      expect(rt.requests.find((r) => r.event === "playComputer")?.payload).toEqual({
        level: 1,
        baseTime: 5,
        increment: 0,
        color: "random",
      });
    });

    it("keeps the computer's dialog open when someone who is no match comes to the pool meanwhile", () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
      const rt = setup();
      rt.serverEmit("poolChanged", { poolId: "5+0", mixed: false });
      act(() => vi.advanceTimersByTime(ALONE_AFTER_MS));
      fireEvent.click(screen.getByRole("button", { name: "Play the computer while you wait" }));
      rt.serverEmit("lobbyCounts", { ...counts(0), pools: [{ poolId: "5+0", waiting: 2, playing: 0, offers: 0 }] });
      expect(alone()).toBeNull();
      expect(screen.getByRole("dialog", { name: "Play with the computer" })).toBeTruthy();
      rt.serverEmit("poolChanged", { poolId: null, mixed: false, reason: "left" });
      expect(screen.queryByRole("button", { name: "Play the computer while you wait" })).toBeNull();
    });

    it("offers the computer to anyone who has searched 20 s, others waiting or not", () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
      const rt = setup();
      rt.serverEmit("poolChanged", { poolId: "5+0", mixed: true });
      rt.serverEmit("lobbyCounts", { ...counts(0), pools: [{ poolId: "5+0", waiting: 2, playing: 0, offers: 0 }] });
      const button = () => screen.queryByRole("button", { name: "Play the computer while you wait" });
      act(() => vi.advanceTimersByTime(COMPUTER_AFTER_MS - 1));
      expect(button()).toBeNull();
      act(() => vi.advanceTimersByTime(1));
      expect(button()).not.toBeNull();
      expect(alone()).toBeNull();
    });

    it("says nothing of the computer while another player waits in the pool, or once the search ends", () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
      const rt = setup();
      rt.serverEmit("poolChanged", { poolId: "5+0", mixed: false });
      rt.serverEmit("lobbyCounts", { ...counts(0), pools: [{ poolId: "5+0", waiting: 2, playing: 0, offers: 0 }] });
      act(() => vi.advanceTimersByTime(ALONE_AFTER_MS * 2));
      expect(alone()).toBeNull();
      rt.serverEmit("lobbyCounts", { ...counts(0), pools: [{ poolId: "5+0", waiting: 1, playing: 0, offers: 0 }] });
      expect(alone()).not.toBeNull();
      rt.serverEmit("poolChanged", { poolId: null, mixed: false, reason: "left" });
      expect(alone()).toBeNull();
    });
  });
});
