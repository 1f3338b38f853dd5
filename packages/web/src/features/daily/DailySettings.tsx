import type { DailyVacation } from "@chess/shared";
import { useEffect, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { useRealtime } from "../../lib/realtime.ts";
import { browserAlertsWanted, notificationPermission, setBrowserAlertsWanted } from "./dailyAlerts.ts";
import { dailyApi, refusalOf } from "./dailyApi.ts";
import { formatTimeLeft } from "./dailyTime.ts";

/**
 * Settings for daily games: vacation (the allowance left; starting one pauses every daily game where it is
 * my turn, at least a day is used, any move ends it) and browser notifications in this browser.
 */
export function DailySettings({ headingId }: { headingId: string }) {
  const realtime = useRealtime();
  const [vacation, setVacation] = useState<DailyVacation>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [alerts, setAlerts] = useState(browserAlertsWanted);
  const [permission, setPermission] = useState(notificationPermission);

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

  async function allowAlerts(on: boolean) {
    if (on && permission !== "granted" && permission !== "unsupported") {
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer !== "granted") return;
    }
    setBrowserAlertsWanted(on);
    setAlerts(on);
  }

  return (
    <>
      <h2 id={headingId}>Daily games</h2>
      <div className="daily-settings__vacation" data-testid="vacation">
        <h3>Vacation</h3>
        {vacation ? (
          <>
            <p>
              {vacation.onVacation
                ? `You are on vacation: your daily games are paused${vacation.runsOutAt ? ` until ${new Date(vacation.runsOutAt).toLocaleString()} at the latest` : ""}.`
                : "Going on vacation pauses all your daily games at once. At least a day is used each time; any move ends it."}
            </p>
            <p>
              Vacation left: <strong>{formatTimeLeft(vacation.balanceMs)}</strong>
            </p>
            <Button
              variant={vacation.onVacation ? "primary" : "secondary"}
              busy={busy}
              onClick={() => void toggle(!vacation.onVacation)}
            >
              {vacation.onVacation ? "End vacation" : "Start vacation"}
            </Button>
          </>
        ) : (
          <p role="status">{error ? null : "Loading…"}</p>
        )}
        {error ? (
          <p className="settings__status settings__status--error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <label className="settings__check">
        <input
          type="checkbox"
          checked={alerts && permission === "granted"}
          disabled={permission === "unsupported" || permission === "denied"}
          onChange={(e) => void allowAlerts(e.target.checked)}
        />
        Browser notifications when it is my turn in a daily game, or my time runs low
      </label>
      {permission === "denied" ? (
        <p className="settings__hint">This browser blocks notifications from the site: allow them in its settings.</p>
      ) : permission === "unsupported" ? (
        <p className="settings__hint">This browser cannot show notifications.</p>
      ) : null}
    </>
  );
}
