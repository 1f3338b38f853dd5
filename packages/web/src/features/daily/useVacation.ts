import type { DailyVacation } from "@chess/shared";
import { useEffect, useState } from "react";
import { useRealtime } from "../../lib/realtime.ts";
import { dailyApi, refusalOf } from "./dailyApi.ts";

/**
 * My daily vacation as the server keeps it (read once, then kept true by `dailyVacation`), and its switch:
 * starting one pauses every daily game where it is my turn; any move ends it.
 */
export function useVacation() {
  const realtime = useRealtime();
  const [vacation, setVacation] = useState<DailyVacation>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    dailyApi.vacation().then(setVacation, (e) => setError(refusalOf(e)));
    return realtime.on("dailyVacation", setVacation);
  }, [realtime]);

  async function toggle(start: boolean) {
    setBusy(true);
    setError(undefined);
    try {
      setVacation(await (start ? dailyApi.startVacation() : dailyApi.endVacation()));
    } catch (e) {
      setError(refusalOf(e));
    } finally {
      setBusy(false);
    }
  }

  return { vacation, error, busy, toggle };
}
