import { useCallback, useEffect, useReducer, useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import { useRealtime } from "../../lib/realtime.ts";
import { arenaReducer, initialArena } from "./arenaStore.ts";
import { type TournamentsApi, tournamentsApi } from "./tournamentsApi.ts";

/**
 * One arena, live: followed on every (re)connection (its ack is the whole view), then kept current by the
 * arena events; join and pause go over the socket. Leaving the page unfollows it (a joined player is
 * paired only while following, lichess's rule).
 */
export function useArena(id: string, api: TournamentsApi = tournamentsApi) {
  const realtime = useRealtime();
  const [state, dispatch] = useReducer(arenaReducer, initialArena);
  const [actionError, setActionError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const mine = <T extends { tournamentId: string }>(p: T) => p.tournamentId === id;
    const offs = [
      realtime.on("arenaStandings", (update) => mine(update) && dispatch({ type: "standings", update })),
      realtime.on("arenaMe", (me) => mine(me) && dispatch({ type: "me", me })),
      realtime.on("arenaStarted", (started) => mine(started) && dispatch({ type: "started", started })),
      realtime.on("arenaFinished", (finished) => mine(finished) && dispatch({ type: "finished", finished })),
      realtime.onConnect(() => {
        void realtime.request("followArena", { tournamentId: id }).then((answer) => {
          if (answer.ok && answer.data) dispatch({ type: "loaded", view: answer.data, now: Date.now() });
          else if (!answer.ok) dispatch({ type: "failed", message: answer.message });
        });
      }),
    ];
    return () => {
      for (const off of offs) off();
      void realtime.request("unfollowArena", { tournamentId: id });
    };
  }, [realtime, id]);

  const act = useCallback(
    async (event: "joinArena" | "pauseArena") => {
      setBusy(true);
      setActionError(undefined);
      const answer = await realtime.request(event, { tournamentId: id });
      setBusy(false);
      if (answer.ok && answer.data) dispatch({ type: "me", me: answer.data });
      else if (!answer.ok) setActionError(answer.message);
    },
    [realtime, id],
  );

  const goToPage = useCallback(
    async (page: number) => {
      dispatch({ type: "pageRequested", page });
      if (page <= 1) return;
      try {
        dispatch({ type: "pageLoaded", page: await api.standings(id, page) });
      } catch (error) {
        setActionError(errorMessage(undefined, error));
      }
    },
    [api, id],
  );

  return {
    state,
    busy,
    actionError,
    join: () => void act("joinArena"),
    pause: () => void act("pauseArena"),
    goToPage: (page: number) => void goToPage(page),
  };
}
