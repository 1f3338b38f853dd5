import type { Color } from "@chess/shared";
import { lowTimeMs } from "./gameClock.ts";
import { clockTimes, shownPosition, sideToMove } from "./gameSelectors.ts";
import type { GameState } from "./gameStore.ts";
import { materialSummary } from "./material.ts";
import { PlayerBar } from "./PlayerBar.tsx";

/** One side's bar of a live game at `now`: its name, clock (none when untimed), turn and material. */
export function GamePlayerBar({
  state,
  color,
  place,
  now,
}: {
  state: GameState;
  color: Color;
  place: "top" | "bottom";
  now: number;
}) {
  const active = state.status === "active";
  return (
    <PlayerBar
      place={place}
      name={color === "w" ? state.white : state.black}
      color={color}
      timeMs={state.untimed ? null : clockTimes(state, now)[color]}
      ticking={active && state.clock.running && state.turn === color}
      toMove={active && sideToMove(state) === color}
      lowMs={lowTimeMs(state.baseTime * 60_000)}
      material={materialSummary(shownPosition(state).fen, state.initialFen)[color]}
      rating={state.ratings[color]}
      ratingChange={state.result?.eloChange?.[color]}
      berserk={state.berserk[color]}
    />
  );
}
