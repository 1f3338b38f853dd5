import { DEFAULT_PREFERENCES, type Preferences } from "@chess/shared";
import { createContext, useContext } from "react";

/** How boards are drawn: square colours, piece set, coordinates and animation speed, e.g. the player's choices. */
export type BoardLook = Pick<Preferences, "boardColors" | "pieceSet" | "showCoordinates" | "animation">;

/** The spec's board (SPEC §9). */
export const DEFAULT_BOARD_LOOK: BoardLook = {
  boardColors: DEFAULT_PREFERENCES.boardColors,
  pieceSet: DEFAULT_PREFERENCES.pieceSet,
  showCoordinates: DEFAULT_PREFERENCES.showCoordinates,
  animation: DEFAULT_PREFERENCES.animation,
};

const BoardLookContext = createContext<BoardLook>(DEFAULT_BOARD_LOOK);

/**
 * Draws the boards inside in the look given; the site gives the player's preferences. The board is told its
 * look rather than reading the preferences, so it depends on no feature.
 */
export const BoardLookProvider = BoardLookContext.Provider;

/** The look boards are drawn in here. */
export const useBoardLook = (): BoardLook => useContext(BoardLookContext);
