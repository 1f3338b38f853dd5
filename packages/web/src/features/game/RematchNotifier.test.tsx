import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "../../components/Toast.tsx";
import { fakeRealtime, WithRealtime } from "../../test/realtime.tsx";
import type { GameApi } from "./gameApi.ts";
import { RematchNotifier } from "./RematchNotifier.tsx";

afterEach(cleanup);

function setup(path: string) {
  const rt = fakeRealtime();
  const api: GameApi = {
    offerRematch: vi.fn(),
    handleRematchOffer: vi.fn(async () => ({ successMsg: "ok" })),
  };
  render(
    <WithRealtime realtime={rt.realtime}>
      <MemoryRouter initialEntries={[path]}>
        <ToastProvider>
          <RematchNotifier api={api} />
        </ToastProvider>
      </MemoryRouter>
    </WithRealtime>,
  );
  return { ...rt, api };
}

const offer = { offerId: "r1", previousGameId: "g1", by: "bob" };

describe("RematchNotifier", () => {
  it("asks a player who left the game's page, and accepts", async () => {
    const rt = setup("/");
    act(() => rt.serverEmit("rematchOffered", offer));
    const prompt = screen.getByRole("alertdialog", { name: "Rematch?" });
    expect(prompt.textContent).toContain("bob offers you a rematch.");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Accept" })));
    expect(rt.api.handleRematchOffer).toHaveBeenCalledWith("r1", true);
  });

  it("declines, and withdraws the prompt when the offer is cancelled", async () => {
    const rt = setup("/leaderboards");
    act(() => rt.serverEmit("rematchOffered", offer));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Decline" })));
    expect(rt.api.handleRematchOffer).toHaveBeenCalledWith("r1", false);

    act(() => rt.serverEmit("rematchOffered", { ...offer, offerId: "r2" }));
    expect(screen.getByRole("alertdialog", { name: "Rematch?" })).toBeTruthy();
    act(() => rt.serverEmit("rematchOfferCancelled", { ...offer, offerId: "r2" }));
    expect(screen.queryByRole("alertdialog", { name: "Rematch?" })).toBeNull();
  });

  it("leaves the prompt to the game's own page", () => {
    const rt = setup("/play?gameId=g1");
    act(() => rt.serverEmit("rematchOffered", offer));
    expect(screen.queryByRole("alertdialog", { name: "Rematch?" })).toBeNull();
  });
});
