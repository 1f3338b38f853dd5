import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useRealtime } from "../../lib/realtime.ts";
import { playPath } from "../game/index.ts";

/** Opens my next arena game as soon as I am paired, wherever I am in the app (lichess does the same). */
export function ArenaPairedListener() {
  const realtime = useRealtime();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef("");
  useLayoutEffect(() => {
    here.current = location.pathname + location.search;
  });
  useEffect(
    () =>
      realtime.on("arenaPaired", ({ gameId }) => {
        const path = playPath(gameId);
        if (here.current !== path) void navigate(path);
      }),
    [realtime, navigate],
  );
  return null;
}

/**
 * Keeps the arena of the game I am playing followed: the server pairs only players following their arena,
 * so the next game opens by itself from the game page too (lichess's behaviour).
 */
export function ArenaFollow({ tournamentId }: { tournamentId: string }) {
  const realtime = useRealtime();
  useEffect(() => {
    const off = realtime.onConnect(() => void realtime.request("followArena", { tournamentId }));
    return () => {
      off();
      void realtime.request("unfollowArena", { tournamentId });
    };
  }, [realtime, tournamentId]);
  return null;
}
