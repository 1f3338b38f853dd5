import { useEffect, useState } from "react";
import { ratingApi } from "./gameApi.ts";
import type { GameState } from "./gameStore.ts";

/**
 * My rating after this game, read from my statistics once a rated game I played is over (the server stores
 * the result and the ratings before it announces the end); undefined until then, or if it cannot be read.
 */
export function useNewRating(state: GameState, client: typeof ratingApi = ratingApi): number | undefined {
  const [rating, setRating] = useState<number>();
  const { result, myColor, rated, variant, timeClass } = state;
  const wanted = !!result && rated && myColor !== null && result.reason !== "abort" && result.myEloChange !== null;
  const me = myColor === "w" ? state.white : state.black;
  useEffect(() => {
    if (!wanted) return;
    const abort = new AbortController();
    client
      .stats(me, variant, abort.signal)
      .then((stats) => {
        const row = stats.find((s) => s.timeVariant === timeClass);
        if (row) setRating(row.eloPoints);
      })
      .catch(() => {
        // The change alone is still shown.
      });
    return () => abort.abort();
  }, [wanted, me, variant, timeClass, client]);
  return wanted ? rating : undefined;
}
