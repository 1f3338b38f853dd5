import { useEffect, useState } from "react";
import { liveBoardWidth } from "./boardSize.ts";

/** The live board's width for the current window, following resizes. */
export function useLiveBoardWidth(): number {
  const [width, setWidth] = useState(() => liveBoardWidth(window.innerWidth));
  useEffect(() => {
    const onResize = () => setWidth(liveBoardWidth(window.innerWidth));
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  return width;
}
