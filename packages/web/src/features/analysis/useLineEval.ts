import type { AnalysisEntry } from "@chess/shared";
import { useEffect, useState } from "react";
import { ApiRequestError } from "../../lib/api.ts";
import { type AnalysisApi, analysisApi } from "./analysisApi.ts";
import { LOGIN_REQUIRED } from "./analysisStore.ts";

/** Evals of lines tried on the board this session, by line key; the server limits these calls. */
const lineEvals = new Map<string, AnalysisEntry>();
const inFlight = new Map<string, Promise<AnalysisEntry | undefined>>();

function fetchLineEval(client: AnalysisApi, key: string, initialFen: string, moves: readonly string[]) {
  let request = inFlight.get(key);
  if (!request) {
    request = client
      .singleMove(initialFen, moves)
      .then(([entry]) => {
        if (entry) lineEvals.set(key, entry);
        return entry;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, request);
  }
  return request;
}

/** The key of a line: its start and its moves. */
export const lineKey = (initialFen: string, moves: readonly string[]): string => `${initialFen}|${moves.join(" ")}`;

/** A line's eval if this session has it. */
export const knownLineEval = (key: string): AnalysisEntry | undefined => lineEvals.get(key);

export type LineEval =
  | { kind: "none" }
  | { kind: "pending" }
  | { kind: "done"; entry: AnalysisEntry }
  | { kind: "failed"; message: string };

/**
 * The engine's view of the position after `moves` from `initialFen` (POST /game/analysis/single-move),
 * asked only while `active` (analysis on and a variation on the board).
 */
export function useLineEval(
  active: boolean,
  initialFen: string,
  moves: readonly string[],
  client: AnalysisApi = analysisApi,
): LineEval {
  const key = lineKey(initialFen, moves);
  const [answers, setAnswers] = useState<Record<string, LineEval>>({});

  useEffect(() => {
    if (!active || lineEvals.has(key)) return;
    let alive = true;
    const line = key.slice(key.indexOf("|") + 1).split(" ");
    fetchLineEval(client, key, initialFen, line).then(
      (entry) => {
        if (alive) {
          const answer: LineEval = entry ? { kind: "done", entry } : { kind: "failed", message: "No evaluation" };
          setAnswers((a) => ({ ...a, [key]: answer }));
        }
      },
      (error: unknown) => {
        if (!alive) return;
        const message =
          error instanceof ApiRequestError && error.status === 401
            ? LOGIN_REQUIRED
            : error instanceof Error
              ? error.message
              : "Failed";
        setAnswers((a) => ({ ...a, [key]: { kind: "failed", message } }));
      },
    );
    return () => {
      alive = false;
    };
  }, [active, key, initialFen, client]);

  if (!active) return { kind: "none" };
  const known = lineEvals.get(key);
  if (known) return { kind: "done", entry: known };
  return answers[key] ?? { kind: "pending" };
}
