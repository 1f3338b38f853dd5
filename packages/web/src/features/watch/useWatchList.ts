import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from "react";
import { errorMessage } from "../../lib/api.ts";
import { useRealtime } from "../../lib/realtime.ts";
import { watchApi as defaultApi, type WatchApi } from "./watchApi.ts";
import { initialWatch, type WatchFilter, watchReducer } from "./watchStore.ts";

/**
 * The live games of `filter`, best first, kept current by the server (`followWatchList`, then `watchList`
 * events), asked again after every reconnection; `loadMore` reads the pages after the first.
 */
export function useWatchList(filter: WatchFilter, api: WatchApi = defaultApi) {
  const realtime = useRealtime();
  const [state, dispatch] = useReducer(watchReducer, filter, initialWatch);
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });

  useEffect(() => {
    dispatch({ type: "filterChanged", filter });
    const payload = filter === "all" ? {} : { variant: filter };
    const offs = [
      realtime.on("watchList", (list) => dispatch({ type: "listed", list, now: Date.now() })),
      realtime.onConnect(() => {
        void realtime.request("followWatchList", payload).then((answer) => {
          if (answer.ok && answer.data) dispatch({ type: "listed", list: answer.data, now: Date.now() });
          else if (!answer.ok) dispatch({ type: "failed", message: answer.message });
        });
      }),
    ];
    return () => {
      for (const off of offs) off();
      void realtime.request("unfollowWatchList");
    };
  }, [realtime, filter]);

  const loadMore = useCallback(async () => {
    const { nextCursor, loadingMore } = stateRef.current;
    if (!nextCursor || loadingMore) return;
    dispatch({ type: "moreRequested" });
    try {
      const list = await api.games({ ...(filter === "all" ? {} : { variant: filter }), cursor: nextCursor });
      dispatch({ type: "moreLoaded", list, now: Date.now() });
    } catch (error) {
      dispatch({ type: "moreFailed", message: errorMessage(undefined, error) });
    }
  }, [api, filter]);

  return { state, loadMore };
}
