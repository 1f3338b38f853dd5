import { useState } from "react";
import { browserAlertsWanted, notificationPermission, setBrowserAlertsWanted } from "./dailyAlerts.ts";
import { VacationControls } from "./VacationControls.tsx";

/**
 * Settings for daily games: vacation (the allowance left; starting one pauses every daily game where it is
 * my turn, at least a day is used, any move ends it) and browser notifications in this browser.
 */
export function DailySettings({ headingId }: { headingId: string }) {
  const [alerts, setAlerts] = useState(browserAlertsWanted);
  const [permission, setPermission] = useState(notificationPermission);

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
        <VacationControls />
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
