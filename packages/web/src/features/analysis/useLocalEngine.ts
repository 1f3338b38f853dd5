import { useEffect, useRef, useState } from "react";
import { LocalEngine } from "./localEngine.ts";
import type { LocalEval } from "./localEval.ts";

export type LocalEngineState =
  | { status: "off" }
  | { status: "starting" }
  | { status: "running"; eval: LocalEval }
  | { status: "failed"; message: string };

const STORAGE_KEY = "analysisLocalEngine";

/** Whether this browser last had the local engine on. */
export function storedLocalEngineOn(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) === "on";
  } catch {
    return false;
  }
}

export function storeLocalEngineOn(on: boolean): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, on ? "on" : "off");
  } catch {
    // the choice lasts for the page only
  }
}

/** The browser engine's view of `fen` while `enabled`; the worker starts on first use and ends when turned off. */
export function useLocalEngine(enabled: boolean, fen: string): LocalEngineState {
  const engine = useRef<LocalEngine | undefined>(undefined);
  const [state, setState] = useState<LocalEngineState>({ status: "off" });

  useEffect(() => {
    if (!enabled) return;
    if (typeof Worker === "undefined") {
      setState({ status: "failed", message: "This browser cannot run the engine" });
      return;
    }
    setState({ status: "starting" });
    const e = new LocalEngine(
      (ev) => setState({ status: "running", eval: ev }),
      (message) => setState({ status: "failed", message }),
    );
    engine.current = e;
    return () => {
      e.terminate();
      engine.current = undefined;
      setState({ status: "off" });
    };
  }, [enabled]);

  useEffect(() => {
    if (enabled) engine.current?.analyse(fen);
  }, [enabled, fen]);

  return enabled ? state : { status: "off" };
}
