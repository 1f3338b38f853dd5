import type { GameStarted, GameUpdate } from "@chess/shared";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeRealtime, WithRealtime } from "../../test/realtime.tsx";
import type { GameApi } from "./gameApi.ts";
import { liveLine } from "./gameSelectors.ts";
import { gameOverPayload, gameSnapshot, START_FEN } from "./testGame.ts";
import { useLiveGame } from "./useLiveGame.ts";

const START = START_FEN;

function snapshot(change: Partial<GameStarted> = {}): GameStarted {
  return gameSnapshot(change);
}

function update(change: Partial<GameUpdate>): GameUpdate {
  return {
    gameId: "g1",
    fen: START,
    currentTurn: "w",
    move: { from: "e2", to: "e4", san: "e4" },
    timeLeft: { w: 300_000, b: 300_000 },
    ply: 1,
    eventNo: 1,
    clockRunning: false,
    ...change,
  };
}

let log: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  log = vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function setup(game: GameStarted, respond?: Parameters<typeof fakeRealtime>[0], api?: GameApi) {
  const rt = fakeRealtime((event, payload) => {
    const answer = respond?.(event, payload);
    if (answer) return answer;
    if (event === "resync") return { ok: true, data: game };
    return undefined;
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <WithRealtime realtime={rt.realtime}>{children}</WithRealtime>
  );
  const hook = renderHook(() => useLiveGame("g1", api ? { api } : {}), { wrapper });
  return { rt, hook };
}

describe("useLiveGame", () => {
  it("sends a legal move with the ply it expects and shows it at once", async () => {
    const { rt, hook } = setup(snapshot());
    await waitFor(() => expect(hook.result.current.state).not.toBeNull());
    let played = false;
    act(() => {
      played = hook.result.current.actions.move({ from: "e2", to: "e4" });
    });
    expect(played).toBe(true);
    expect(rt.requests.at(-1)).toEqual({
      event: "move",
      payload: { gameId: "g1", move: { from: "e2", to: "e4", promotion: undefined }, ply: 0 },
    });
    const state = hook.result.current.state;
    expect(state && liveLine(state).map((p) => p.san)).toEqual(["e4"]);
  });

  it("refuses an illegal move or one out of turn, logging the spec's words", async () => {
    const { rt, hook } = setup(snapshot());
    await waitFor(() => expect(hook.result.current.state).not.toBeNull());
    act(() => {
      expect(hook.result.current.actions.move({ from: "e2", to: "e5" })).toBe(false);
    });
    expect(log).toHaveBeenCalledWith("Invalid move");
    act(() => {
      hook.result.current.actions.move({ from: "e2", to: "e4" });
    });
    act(() => {
      expect(hook.result.current.actions.move({ from: "d2", to: "d4" })).toBe(false);
    });
    expect(log).toHaveBeenCalledWith("Invalid move - not your turn");
    expect(rt.events().filter((e) => e === "move")).toHaveLength(1);
  });

  it("takes the move back and resyncs when the server says the ply is stale", async () => {
    const { rt, hook } = setup(snapshot(), (event) =>
      event === "move" ? { ok: false, code: "resync", message: "Out of sync: the game is at ply 1" } : undefined,
    );
    await waitFor(() => expect(hook.result.current.state).not.toBeNull());
    act(() => {
      hook.result.current.actions.move({ from: "e2", to: "e4" });
    });
    await waitFor(() => expect(rt.events().filter((e) => e === "resync")).toHaveLength(2));
    expect(hook.result.current.state?.pending).toBeNull();
  });

  describe("a move that gets no answer (a stalled connection)", () => {
    const TIMEOUT = { ok: false, code: "timeout", message: "The server did not answer - please try again" } as const;
    const e4 = { gameId: "g1", move: { from: "e2", to: "e4", promotion: undefined }, ply: 0 };
    const shown = (hook: ReturnType<typeof setup>["hook"]) => {
      const state = hook.result.current.state;
      return state ? liveLine(state).map((p) => p.san) : [];
    };
    const moves = (rt: ReturnType<typeof setup>["rt"]) => rt.requests.filter((r) => r.event === "move");

    it("stays shown, is never taken back, and goes again on the next connection", async () => {
      let stalled = false;
      const { rt, hook } = setup(snapshot(), () => (stalled ? TIMEOUT : undefined));
      await waitFor(() => expect(hook.result.current.state).not.toBeNull());
      stalled = true;
      act(() => {
        hook.result.current.actions.move({ from: "e2", to: "e4" });
      });
      await waitFor(() => expect(rt.events().filter((e) => e === "resync")).toHaveLength(2));
      expect(shown(hook)).toEqual(["e4"]);
      expect(hook.result.current.notice).toBe(
        "Your move has not reached the server yet - it goes again when the connection is back",
      );
      stalled = false;
      rt.reconnect();
      await waitFor(() => expect(moves(rt)).toHaveLength(2));
      expect(moves(rt)[1]?.payload).toEqual(e4);
      expect(shown(hook)).toEqual(["e4"]);
      rt.serverEmit("update", update({ ply: 1, currentTurn: "b" }));
      expect(hook.result.current.state?.pending).toBeNull();
      expect(shown(hook)).toEqual(["e4"]);
    });

    it("goes again at once when the server answers a resync without it", async () => {
      let first = true;
      const { rt, hook } = setup(snapshot(), (event) => {
        if (event === "move" && first) {
          first = false;
          return TIMEOUT;
        }
        return undefined;
      });
      await waitFor(() => expect(hook.result.current.state).not.toBeNull());
      act(() => {
        hook.result.current.actions.move({ from: "e2", to: "e4" });
      });
      await waitFor(() => expect(moves(rt)).toHaveLength(2));
      expect(moves(rt)[1]?.payload).toEqual(e4);
      expect(shown(hook)).toEqual(["e4"]);
    });

    it("stays shown while the server cannot say whether it stored it, and goes again once it can, if it did not", async () => {
      const UNSETTLED = { ok: false, code: "unsettled", message: "The move's outcome is not known yet" } as const;
      let first = true;
      const { rt, hook } = setup(snapshot(), (event) => {
        if (event === "move" && first) {
          first = false;
          return UNSETTLED;
        }
        return undefined;
      });
      await waitFor(() => expect(hook.result.current.state).not.toBeNull());
      act(() => {
        hook.result.current.actions.move({ from: "e2", to: "e4" });
      });
      await waitFor(() => expect(hook.result.current.notice).toMatch(/^Your move is being saved/));
      expect(shown(hook)).toEqual(["e4"]);
      expect(moves(rt)).toHaveLength(1);
      rt.serverEmit("clocksResumed", {
        gameId: "g1",
        heldMs: 3_000,
        timeLeft: { w: 300_000, b: 300_000 },
        clockRunning: false,
        serverTime: Date.now(),
      });
      await waitFor(() => expect(moves(rt)).toHaveLength(2));
      expect(moves(rt)[1]?.payload).toEqual(e4);
    });

    it("a draw offer answered 'unsettled' is shown as stored or not by the game read again once the clocks run", async () => {
      const UNSETTLED = { ok: false, code: "unsettled", message: "Your draw offer is sent if it was saved" } as const;
      let game = snapshot();
      const { rt, hook } = setup(game, (event) => {
        if (event === "offerDraw") return UNSETTLED;
        if (event === "resync") return { ok: true, data: game };
        return undefined;
      });
      await waitFor(() => expect(hook.result.current.state).not.toBeNull());
      await act(() => hook.result.current.actions.offerDraw());
      expect(hook.result.current.notice).toBe(UNSETTLED.message);
      expect(hook.result.current.state?.drawOffer).toBeNull();
      const resyncs = rt.events().filter((e) => e === "resync").length;
      // Stored after all: the server says so in the snapshot.
      game = snapshot({ drawOfferBy: "w" });
      rt.serverEmit("clocksResumed", {
        gameId: "g1",
        heldMs: 3_000,
        timeLeft: { w: 300_000, b: 300_000 },
        clockRunning: false,
        serverTime: Date.now(),
      });
      await waitFor(() => expect(hook.result.current.state?.drawOffer).toBe("fromMe"));
      expect(rt.events().filter((e) => e === "resync")).toHaveLength(resyncs + 1);
      expect(moves(rt)).toHaveLength(0);
    });

    it("is settled by its echo: a later connection sends nothing again", async () => {
      let stalled = false;
      const { rt, hook } = setup(snapshot(), (event) => (event === "move" || stalled ? TIMEOUT : undefined));
      await waitFor(() => expect(hook.result.current.state).not.toBeNull());
      stalled = true;
      act(() => {
        hook.result.current.actions.move({ from: "e2", to: "e4" });
      });
      await waitFor(() => expect(rt.events().filter((e) => e === "resync")).toHaveLength(2));
      rt.serverEmit("update", update({ ply: 1, currentTurn: "b" }));
      rt.reconnect();
      await waitFor(() => expect(rt.events().filter((e) => e === "resync")).toHaveLength(3));
      expect(moves(rt)).toHaveLength(1);
    });
  });

  it("tells once that the server restarted and how long it was away, from the snapshot after it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let game = snapshot();
    const { rt, hook } = setup(snapshot(), (event) => (event === "resync" ? { ok: true, data: game } : undefined));
    await waitFor(() => expect(hook.result.current.state).not.toBeNull());
    expect(hook.result.current.notice).toBeUndefined();
    game = snapshot({ resumed: { at: 5_000, awayMs: 12_400 } });
    rt.reconnect();
    await waitFor(() =>
      expect(hook.result.current.notice).toBe(
        "The server restarted - the 12 s it was away were not counted on the clocks",
      ),
    );
    act(() => vi.advanceTimersByTime(10_000));
    expect(hook.result.current.notice).toBeUndefined();
    // The same restart in the next snapshot is not told twice.
    rt.reconnect();
    await waitFor(() => expect(rt.events().filter((e) => e === "resync")).toHaveLength(3));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(hook.result.current.notice).toBeUndefined();
    vi.useRealTimers();
  });

  it("reads the game again when the opponent is back while the clock waited for them (after a restart)", async () => {
    const paused = snapshot({
      moves: ["e4", "e5"],
      ply: 2,
      eventNo: 2,
      clockRunning: false,
      clockStartsAt: Date.now() + 8_000,
    });
    const { rt, hook } = setup(paused);
    await waitFor(() => expect(hook.result.current.state).not.toBeNull());
    const resyncs = () => rt.events().filter((e) => e === "resync").length;
    const before = resyncs();
    rt.serverEmit("opponentPresence", { gameId: "g1", connected: true });
    await waitFor(() => expect(resyncs()).toBe(before + 1));
  });

  it("does not read the game again when the opponent comes back to a running clock", async () => {
    const running = snapshot({ moves: ["e4", "e5"], ply: 2, eventNo: 2, clockRunning: true });
    const { rt, hook } = setup(running);
    await waitFor(() => expect(hook.result.current.state).not.toBeNull());
    const before = rt.events().filter((e) => e === "resync").length;
    rt.serverEmit("opponentPresence", { gameId: "g1", connected: true });
    await new Promise((r) => setTimeout(r, 20));
    expect(rt.events().filter((e) => e === "resync")).toHaveLength(before);
  });

  it("says this tab shows the player's board once the game is read, and no board when the page goes", async () => {
    const { rt, hook } = setup(snapshot());
    await waitFor(() => expect(rt.boards).toEqual(["g1"]));
    hook.unmount();
    expect(rt.boards).toEqual(["g1", null]);
  });

  it("does not say a finished game's page is at a board, and leaves the board when the game ends", async () => {
    const finished = setup(snapshot({ status: "finished" }));
    await waitFor(() => expect(finished.hook.result.current.state?.status).toBe("finished"));
    finished.hook.unmount();
    expect(finished.rt.boards).toEqual([]);
    const { rt } = setup(snapshot());
    await waitFor(() => expect(rt.boards).toEqual(["g1"]));
    rt.serverEmit("gameOver", gameOverPayload({ winningColor: "white", winner: "alice", eloChange: { w: 8, b: -8 } }));
    expect(rt.boards).toEqual(["g1", null]);
  });

  it("does not say a spectator is at a board", async () => {
    const { rt, hook } = setup(snapshot({ spectator: true }));
    await waitFor(() => expect(hook.result.current.state?.myColor).toBeNull());
    hook.unmount();
    expect(rt.boards).toEqual([]);
  });

  it("plays a stored premove when my turn comes, if it is still legal", async () => {
    const { rt, hook } = setup(snapshot({ isWhite: false, opponent: "alice" }));
    await waitFor(() => expect(hook.result.current.state).not.toBeNull());
    act(() => hook.result.current.actions.setPremove({ from: "e7", to: "e5" }));
    expect(rt.events()).not.toContain("move");
    rt.serverEmit(
      "update",
      update({ fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", currentTurn: "b" }),
    );
    await waitFor(() => expect(rt.events()).toContain("move"));
    expect(rt.requests.at(-1)?.payload).toMatchObject({ move: { from: "e7", to: "e5" }, ply: 1 });
    expect(hook.result.current.state?.premove).toBeNull();
  });

  it("drops a premove that became illegal", async () => {
    const { rt, hook } = setup(snapshot({ isWhite: false, opponent: "alice" }));
    await waitFor(() => expect(hook.result.current.state).not.toBeNull());
    // e7-e5 stays legal whatever white does on move 1, but e5-e4 never is.
    act(() => hook.result.current.actions.setPremove({ from: "e5", to: "e4" }));
    rt.serverEmit(
      "update",
      update({ fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", currentTurn: "b" }),
    );
    await waitFor(() => expect(hook.result.current.state?.premove).toBeNull());
    expect(rt.events()).not.toContain("move");
  });

  it("tells me when my opponent plays on instead of answering my draw offer", async () => {
    // Black to move after 1. e4; I am White and my offer waits.
    const afterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    const { rt, hook } = setup(
      snapshot({ moves: ["e4"], ply: 1, currentTurn: "b", fen: afterE4, eventNo: 2, drawOfferBy: "w" }),
    );
    await waitFor(() => expect(hook.result.current.state?.drawOffer).toBe("fromMe"));
    rt.serverEmit(
      "update",
      update({
        fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        currentTurn: "w",
        move: { from: "e7", to: "e5", san: "e5" },
        ply: 2,
        eventNo: 3,
      }),
    );
    await waitFor(() => expect(hook.result.current.state?.drawOffer).toBeNull());
    expect(hook.result.current.notice).toBe("Your opponent played on - draw offer declined");
  });

  it("offers a rematch over HTTP, and withdraws it over the socket", async () => {
    const api: GameApi = {
      offerRematch: vi.fn(async () => ({ successMsg: "Rematch offered", offerId: "r1" })),
      handleRematchOffer: vi.fn(async () => ({ successMsg: "Offer declined" })),
    };
    const { rt, hook } = setup(
      snapshot({ status: "finished", winningColor: "black", reason: "resign" }),
      undefined,
      api,
    );
    await waitFor(() => expect(hook.result.current.state).not.toBeNull());
    await act(() => hook.result.current.actions.offerRematch());
    expect(api.offerRematch).toHaveBeenCalledWith("g1");
    expect(hook.result.current.state?.rematch).toEqual({ kind: "sent", offerId: "r1" });
    act(() => hook.result.current.actions.cancelRematch());
    expect(rt.requests.at(-1)).toEqual({ event: "cancelRematchOffer", payload: { offerId: "r1" } });
    expect(hook.result.current.state?.rematch.kind).toBe("none");
  });

  it("withdraws my rematch offer when the page goes away, but not once the new game started", async () => {
    const api: GameApi = {
      offerRematch: vi.fn(async () => ({ successMsg: "Rematch offered", offerId: "r1" })),
      handleRematchOffer: vi.fn(async () => ({ successMsg: "Rematch accepted" })),
    };
    const first = setup(snapshot({ status: "finished", winningColor: "black", reason: "resign" }), undefined, api);
    await waitFor(() => expect(first.hook.result.current.state).not.toBeNull());
    await act(() => first.hook.result.current.actions.offerRematch());
    first.hook.unmount();
    expect(first.rt.requests.at(-1)).toEqual({ event: "cancelRematchOffer", payload: { offerId: "r1" } });

    const second = setup(snapshot({ status: "finished", winningColor: "black", reason: "resign" }), undefined, api);
    await waitFor(() => expect(second.hook.result.current.state).not.toBeNull());
    await act(() => second.hook.result.current.actions.offerRematch());
    second.rt.serverEmit("gameStarted", snapshot({ gameId: "g2" }));
    second.hook.unmount();
    expect(second.rt.events()).not.toContain("cancelRematchOffer");
  });

  it("answers the opponent's rematch offer", async () => {
    const api: GameApi = {
      offerRematch: vi.fn(async () => ({ successMsg: "Rematch offered", offerId: "x" })),
      handleRematchOffer: vi.fn(async () => ({ successMsg: "Offer declined" })),
    };
    const { rt, hook } = setup(
      snapshot({ status: "finished", winningColor: "black", reason: "resign" }),
      undefined,
      api,
    );
    await waitFor(() => expect(hook.result.current.state).not.toBeNull());
    rt.serverEmit("rematchOffered", { offerId: "r2", previousGameId: "g1", by: "bob" });
    expect(hook.result.current.state?.rematch.kind).toBe("received");
    await act(() => hook.result.current.actions.answerRematch(false));
    expect(api.handleRematchOffer).toHaveBeenCalledWith("r2", false);
    expect(hook.result.current.state?.rematch.kind).toBe("none");
  });

  it("resyncs when an update skipped a ply", async () => {
    const { rt, hook } = setup(snapshot());
    await waitFor(() => expect(hook.result.current.state).not.toBeNull());
    rt.serverEmit("update", update({ ply: 3, eventNo: 3 }));
    await waitFor(() => expect(rt.events().filter((e) => e === "resync")).toHaveLength(2));
  });
});
