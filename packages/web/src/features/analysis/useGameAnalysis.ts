import { useCallback, useEffect, useReducer } from "react";
import { ApiRequestError } from "../../lib/api.ts";
import { type AnalysisApi, analysisApi } from "./analysisApi.ts";
import {
  type AnalysisCache,
  analysisReducer,
  analysisView,
  initialAnalysis,
  sessionAnalysisCache,
} from "./analysisStore.ts";

/** How often the progress bar asks the server while the analysis runs. */
export const PROGRESS_POLL_MS = 500;

/**
 * The Enable Analysis toggle of one game: fetches the analysis once (cached for the session), polls
 * its progress meanwhile, and turns a 401 into the spec's "log in" message.
 */
export function useGameAnalysis(
  gameId: string | null,
  loggedIn: boolean,
  { client = analysisApi, cache = sessionAnalysisCache }: { client?: AnalysisApi; cache?: AnalysisCache } = {},
) {
  const [state, dispatch] = useReducer(analysisReducer, initialAnalysis);
  const loading = state.enabled && state.request.kind === "loading";

  useEffect(() => {
    if (!loading) return;
    if (!gameId) {
      dispatch({ type: "failed", status: 0, message: "Only a saved game can be analysed" });
      return;
    }
    let alive = true;
    cache
      .load(gameId, () => client.gameAnalysis(gameId))
      .then(
        (entries) => alive && dispatch({ type: "loaded", entries }),
        (error: unknown) => {
          if (!alive) return;
          const status = error instanceof ApiRequestError ? error.status : 0;
          const message = error instanceof Error && error.message ? error.message : "Failed";
          dispatch({ type: "failed", status, message });
        },
      );
    const poll = () =>
      client.progress(gameId).then(
        (progress) => alive && dispatch({ type: "progress", progress }),
        () => {}, // the main request reports failures
      );
    void poll();
    const timer = setInterval(poll, PROGRESS_POLL_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [loading, gameId, client, cache]);

  const setEnabled = useCallback(
    (on: boolean) => {
      if (!on) dispatch({ type: "disable" });
      else dispatch({ type: "enable", loggedIn, ...(gameId ? { cached: cache.get(gameId) } : {}) });
    },
    [loggedIn, gameId, cache],
  );

  return { state, view: analysisView(state), setEnabled };
}
