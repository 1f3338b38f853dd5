import { cleanup, render } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { fakeRealtime, WithRealtime } from "../../test/realtime.tsx";
import { ArenaFollow, ArenaPairedListener, arenaResultText } from "./ArenaPairedListener.tsx";

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

  it("keeps the arena of my game followed, for pairing only, while its page is open", () => {
    const rt = fakeRealtime();
    const view = render(
      <WithRealtime realtime={rt.realtime}>
        <ArenaFollow tournamentId="t1" />
      </WithRealtime>,
    );
    expect(rt.requests).toEqual([{ event: "followArena", payload: { tournamentId: "t1", pairingOnly: true } }]);
    view.unmount();
    expect(rt.requests.at(-1)).toEqual({ event: "unfollowArena", payload: { tournamentId: "t1" } });
  });

  it("says what my arena game scored and why", () => {
    const result = {
      tournamentId: "t1",
      gameId: "g7",
      counted: true,
      points: { w: 5, b: 0 },
      rule: { w: "winOnFire", b: "loss" },
      berserkBonus: { w: true, b: false },
    } as const;
    expect(arenaResultText(result, "w")).toEqual({
      title: "+5 points",
      body: "Win on fire (after two wins in a row): 4 points · Berserk win of 14 plies or more: 1 more point",
    });
    expect(arenaResultText(result, "b")).toEqual({ title: "+0 points", body: "Loss: no points" });
    expect(arenaResultText({ ...result, counted: false }, "w").title).toBe("Not counted");
  });
});
