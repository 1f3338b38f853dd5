import { useEffect, useMemo, useState } from "react";
import { type Opening, openingOf, parseOpenings } from "./openingLookup.ts";

let loading: Promise<Map<string, Opening>> | null = null;

/** The openings table, fetched once on first use (some 60 KB gzip, kept out of the first load). */
export function loadOpenings(): Promise<Map<string, Opening>> {
  loading ??= import("./openingsData.ts").then((m) => parseOpenings(m.OPENINGS_TSV));
  return loading;
}

/** The opening of the positions `fens` (start first); null while the table loads or when none is named. */
export function useOpening(fens: readonly string[]): Opening | null {
  const [table, setTable] = useState<Map<string, Opening> | null>(null);
  useEffect(() => {
    let live = true;
    loadOpenings()
      .then((t) => {
        if (live) setTable(t);
      })
      .catch(() => {
        // Without the table the name is simply not shown.
      });
    return () => {
      live = false;
    };
  }, []);
  return useMemo(() => (table ? openingOf(table, fens) : null), [table, fens]);
}
