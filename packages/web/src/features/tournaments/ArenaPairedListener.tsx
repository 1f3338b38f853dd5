import { ARENA_RULE_TEXT, type ArenaResult, BERSERK_TEXT, type Color } from "@chess/shared";
import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useToasts } from "../../components/Toast.tsx";
import { useRealtime } from "../../lib/realtime.ts";
import { playPath } from "../game/index.ts";
import { tournamentPath } from "./tournamentsApi.ts";

/**
 * Opens my next arena game as soon as I am paired, wherever I am in the app (lichess does the same), and
 * says what each of my arena games scored and why.
 */
export function ArenaPairedListener() {
  const realtime = useRealtime();
  const navigate = useNavigate();
  const toasts = useToasts();
  /** My colour in each arena game I was paired in. */
  const colors = useRef(new Map<string, Color>());
  const location = useLocation();
  const here = useRef("");
  useLayoutEffect(() => {
    here.current = location.pathname + location.search;
  });
  useEffect(
    () =>
      realtime.on("arenaPaired", ({ gameId, color }) => {
        colors.current.set(gameId, color);
        const path = playPath(gameId);
        if (here.current !== path) void navigate(path);
      }),
    [realtime, navigate],
  );
  useEffect(
    () =>
      realtime.on("arenaResult", (result) => {
        const color = colors.current.get(result.gameId);
        if (!color) return;
        colors.current.delete(result.gameId);
        toasts.show({
          id: `arena-result-${result.gameId}`,
          ...arenaResultText(result, color),
          actions: [
            {
              label: "Tournament",
              variant: "primary",
              onAction: () => void navigate(tournamentPath(result.tournamentId)),
            },
          ],
        });
      }),
    [realtime, navigate, toasts],
  );
  return null;
}

/**
 * Keeps the arena of the game I am playing followed: the server pairs only players following their arena,
 * so the next game opens by itself from the game page too (lichess's behaviour). For pairing only: the game
 * page shows no standings, so it does not take them.
 */
export function ArenaFollow({ tournamentId }: { tournamentId: string }) {
  const realtime = useRealtime();
  useEffect(() => {
    const off = realtime.onConnect(() => void realtime.request("followArena", { tournamentId, pairingOnly: true }));
    return () => {
      off();
      void realtime.request("unfollowArena", { tournamentId });
    };
  }, [realtime, tournamentId]);
  return null;
}

/** "+4 points" and "Win on fire (…): 4 points"; a game that ended after the arena did counts nothing. */
export function arenaResultText(result: ArenaResult, me: Color): { title: string; body: string } {
  if (!result.counted) return { title: "Not counted", body: "The tournament was over when this game ended." };
  const points = result.points[me];
  const rule = ARENA_RULE_TEXT[result.rule[me]];
  return {
    title: `+${points} point${points === 1 ? "" : "s"}`,
    body: result.berserkBonus[me] ? `${rule} · ${BERSERK_TEXT}` : rule,
  };
}
