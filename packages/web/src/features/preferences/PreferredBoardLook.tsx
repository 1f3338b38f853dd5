import { type ReactNode, useMemo } from "react";
import { BoardLookProvider } from "../board/index.ts";
import { usePreferences } from "./usePreferences.ts";

/** Every board inside is drawn in the player's colours, pieces, coordinates and animation speed (SPEC §9). */
export function PreferredBoardLook({ children }: { children: ReactNode }) {
  const [{ boardColors, pieceSet, showCoordinates, animation }] = usePreferences();
  const look = useMemo(
    () => ({ boardColors, pieceSet, showCoordinates, animation }),
    [boardColors, pieceSet, showCoordinates, animation],
  );
  return <BoardLookProvider value={look}>{children}</BoardLookProvider>;
}
