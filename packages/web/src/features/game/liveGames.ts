import { type LiveGame, UNLIMITED_LABEL } from "@chess/shared";

/** A live game's time control as the lobby writes it: "3+2", "½+0", "Unlimited". */
export function liveGameControl(g: Pick<LiveGame, "baseTime" | "increment" | "untimed">): string {
  if (g.untimed) return UNLIMITED_LABEL;
  const base = g.baseTime === 0.5 ? "½" : String(g.baseTime);
  return `${base}+${g.increment}`;
}

/** The live games once `gameId` is over: it leaves the list. */
export function withoutGame(games: LiveGame[], gameId: string): LiveGame[] {
  return games.some((g) => g.gameId === gameId) ? games.filter((g) => g.gameId !== gameId) : games;
}
