import { useCallback, useEffect, useState } from "react";
import { browserStorage } from "../../lib/browserStorage.ts";
import {
  boardResizable,
  isOneColumn,
  isSideways,
  liveBoardWidth,
  MIN_BOARD_WIDTH,
  maxBoardWidth,
  type Viewport,
} from "./boardSize.ts";

/** localStorage key of the board width this device's player chose with the resize handle (px). */
export const BOARD_WIDTH_KEY = "boardWidth";

function readChosen(): number | null {
  try {
    const value = Number(browserStorage()?.getItem(BOARD_WIDTH_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function writeChosen(width: number | null): void {
  try {
    const storage = browserStorage();
    if (width === null) storage?.removeItem(BOARD_WIDTH_KEY);
    else storage?.setItem(BOARD_WIDTH_KEY, String(Math.round(width)));
  } catch {
    // Private mode or full storage: the size lasts for this page only.
  }
}

const viewport = (): Viewport => ({ width: window.innerWidth, height: window.innerHeight });

export interface LiveBoardSize {
  width: number;
  min: number;
  max: number;
  /** Whether the resize handle is offered (not on a phone). */
  resizable: boolean;
  /** Phones and small tablets: the page is one column, the board first. */
  oneColumn: boolean;
  /** A phone held sideways: the player bars stand beside the board, not above and below it. */
  sideways: boolean;
  /** Sets the width while dragging; `save` keeps it for this device. null goes back to the default. */
  resize: (width: number | null, save?: boolean) => void;
}

/** The live board's width for the window and the size this device's player chose, following resizes. */
export function useLiveBoardWidth(): LiveBoardSize {
  const [view, setView] = useState(viewport);
  const [chosen, setChosen] = useState(readChosen);
  useEffect(() => {
    const onResize = () => setView(viewport());
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  const resize = useCallback(
    (width: number | null, save = true) => {
      const fitted = width === null ? null : liveBoardWidth(view, width);
      setChosen(fitted);
      if (save) writeChosen(fitted);
    },
    [view],
  );
  return {
    width: liveBoardWidth(view, chosen),
    min: MIN_BOARD_WIDTH,
    max: maxBoardWidth(view),
    resizable: boardResizable(view),
    oneColumn: isOneColumn(view),
    sideways: isSideways(view),
    resize,
  };
}
