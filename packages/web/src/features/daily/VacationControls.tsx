import { Button } from "../../components/Button.tsx";
import { formatTimeLeft } from "./dailyTime.ts";
import { useVacation } from "./useVacation.ts";
import "./VacationControls.css";

/**
 * My vacation and its switch (chess.com's model): the allowance left, and a button that pauses every daily game
 * at once, or ends the vacation. On the daily games page and in the settings.
 */
export function VacationControls() {
  const { vacation, error, busy, toggle } = useVacation();
  return (
    <>
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
        <p className="vacation__error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
