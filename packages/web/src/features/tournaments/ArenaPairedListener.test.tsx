import { cleanup, render } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { fakeRealtime, WithRealtime } from "../../test/realtime.tsx";
import { ArenaFollow, ArenaPairedListener } from "./ArenaPairedListener.tsx";

afterEach(cleanup);

let shown = "";
function Where() {
  const l = useLocation();
  shown = l.pathname + l.search;
  return null;
}

describe("ArenaPairedListener", () => {
  it("opens my next arena game wherever I am", () => {
    const rt = fakeRealtime();
    render(
      <WithRealtime realtime={rt.realtime}>
        <MemoryRouter initialEntries={["/social"]}>
          <ArenaPairedListener />
          <Where />
        </MemoryRouter>
      </WithRealtime>,
    );
    rt.serverEmit("arenaPaired", { tournamentId: "t1", gameId: "g7", color: "w", opponent: "bob" });
    expect(shown).toBe("/play?gameId=g7");
  });

  it("keeps the arena of my game followed while its page is open", () => {
    const rt = fakeRealtime();
    const view = render(
      <WithRealtime realtime={rt.realtime}>
        <ArenaFollow tournamentId="t1" />
      </WithRealtime>,
    );
    expect(rt.requests).toEqual([{ event: "followArena", payload: { tournamentId: "t1" } }]);
    view.unmount();
    expect(rt.requests.at(-1)).toEqual({ event: "unfollowArena", payload: { tournamentId: "t1" } });
  });
});
