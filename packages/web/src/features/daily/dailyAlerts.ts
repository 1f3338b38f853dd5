import type { DailyReminder } from "@chess/shared";
import { browserStorage } from "../../lib/browserStorage.ts";
import { formatTimeLeft } from "./dailyTime.ts";

/** Where this browser keeps whether the player allowed browser notifications for daily games. */
const STORAGE_KEY = "dailyBrowserNotifications";

/** The player asked for browser notifications in this browser (the browser's permission is apart). */
export const browserAlertsWanted = (): boolean => browserStorage()?.getItem(STORAGE_KEY) === "on";

export function setBrowserAlertsWanted(on: boolean): void {
  try {
    browserStorage()?.setItem(STORAGE_KEY, on ? "on" : "off");
  } catch {
    // Without storage the choice lasts this page only.
  }
}

/** The browser can show notifications at all, and what it was told: "granted", "denied", "default". */
export function notificationPermission(): NotificationPermission | "unsupported" {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}

/** A reminder's words: "Your turn against bob" and "2 days 3 hours left". */
export function reminderText(reminder: DailyReminder): { title: string; body: string } {
  const left = `${formatTimeLeft(reminder.timeLeftMs)} left`;
  return reminder.kind === "alarm"
    ? { title: `Time is running out against ${reminder.opponent}`, body: `${left} for your move` }
    : { title: `Your turn against ${reminder.opponent}`, body: `${left} for your move` };
}
