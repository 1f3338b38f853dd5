import type { DailyGame, MoveInput } from "@chess/shared";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useRealtime } from "../../lib/realtime.ts";
import { type PlayedMove, playMove } from "../board/index.ts";
import { dailyApi, refusalOf } from "./dailyApi.ts";
import { type DailyGameEvent, type DailyGameState, dailyGameReducer, initialDailyGame } from "./dailyGameStore.ts";

type State = DailyGameState | null;

const reducer = (state: State, event: DailyGameEvent | { type: "first"; game: DailyGame; now: number }): State => {
  if (event.type === "first")
    return state ? dailyGameReducer(state, { ...event, type: "snapshot" }) : initialDailyGame(event.game, event.now);
  return state ? dailyGameReducer(state, event) : state;
};

export interface DailyGameActions {
  /** Sends my move; resolves true once the server took it. */
  move(move: MoveInput): Promise<boolean>;
  resign(): void;
  offerDraw(): void;
  declineDraw(): void;
  /** Saves all my conditional lines; resolves with the server's refusal, if any. */
  saveConditionals(lines: string[][]): Promise<string | undefined>;
}

/**
 * A daily game followed live (`followDaily` on each connection, so a move missed while away is read again):
 * its state, my move while the server has not yet answered it, a notice for a refused command, and actions.
 */
export function useDailyGame(gameId: string) {
  const realtime = useRealtime();
  const [state, dispatch] = useReducer(reducer, null);
  const [loadError, setLoadError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [pending, setPending] = useState<(PlayedMove & { uci: string; ply: number }) | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  const follow = useCallback(() => {
    void realtime.request("followDaily", { gameId }).then((answer) => {
      if (answer.ok && answer.data) {
        setLoadError(undefined);
        dispatch({ type: "first", game: answer.data, now: Date.now() });
      } else if (!stateRef.current) setLoadError(answer.ok ? "Daily game not found" : answer.message);
    });
  }, [realtime, gameId]);

  useEffect(() => {
    const mine =
      <T extends { gameId: string }>(handle: (p: T) => void) =>
      (p: T) => {
        if (p.gameId === gameId) handle(p);
      };
    const offs = [
      realtime.onConnect(follow),
      realtime.on(
        "dailyGame",
        mine((game) => dispatch({ type: "first", game, now: Date.now() })),
      ),
      realtime.on(
        "dailyMoved",
        mine((moved) => {
          setPending((p) => (p && p.ply <= moved.ply ? null : p));
          dispatch({ type: "moved", moved, now: Date.now() });
        }),
      ),
      realtime.on(
        "dailyClock",
        mine((clock) => dispatch({ type: "clock", clock, now: Date.now() })),
      ),
      realtime.on(
        "dailyOver",
        mine((over) => dispatch({ type: "over", over })),
      ),
      realtime.on(
        "dailyDrawOffered",
        mine(() => {
          const color = stateRef.current?.game.color;
          if (color) dispatch({ type: "drawOffered", by: color === "w" ? "b" : "w" });
        }),
      ),
      realtime.on(
        "dailyDrawDeclined",
        mine(() => dispatch({ type: "drawDeclined" })),
      ),
    ];
    return () => {
      for (const off of offs) off();
      void realtime.request("unfollowDaily", { gameId });
    };
  }, [realtime, gameId, follow]);

  // A move was missed: read the game again.
  const stale = state?.stale ?? false;
  useEffect(() => {
    if (stale) follow();
  }, [stale, follow]);

  const command = useCallback(
    async (event: "dailyResign" | "dailyOfferDraw" | "dailyDeclineDraw") => {
      const answer = await realtime.request(event, { gameId });
      if (!answer.ok) setNotice(answer.message);
      return answer.ok;
    },
    [realtime, gameId],
  );

  const actions: DailyGameActions = {
    async move(move) {
      const game = stateRef.current?.game;
      if (!game) return false;
      const played = playMove(game.fen, move);
      if (!played) return false;
      const uci = `${played.from}${played.to}${played.promotion ?? ""}`;
      setNotice(undefined);
      setPending({ ...played, uci, ply: game.ply + 1 });
      const answer = await realtime.request("dailyMove", { gameId, move, ply: game.ply });
      if (!answer.ok) {
        setPending(null);
        setNotice(answer.message);
        // The game may have moved on without us (another tab): read it again.
        follow();
        return false;
      }
      return true;
    },
    resign: () => void command("dailyResign"),
    async offerDraw() {
      if ((await command("dailyOfferDraw")) && stateRef.current?.game.color) {
        const mine = stateRef.current.game.color;
        if (stateRef.current.game.drawOfferBy !== (mine === "w" ? "b" : "w"))
          dispatch({ type: "drawOffered", by: mine });
      }
    },
    declineDraw: () => void command("dailyDeclineDraw"),
    async saveConditionals(lines) {
      try {
        const saved = await dailyApi.setConditionals(gameId, lines);
        dispatch({ type: "conditionals", lines: saved.lines });
        return undefined;
      } catch (error) {
        return refusalOf(error);
      }
    },
  };

  return { state, loadError, notice, pending, actions };
}
