export { answerConditionals, type ConditionalLine, validateConditionals } from "./dailyConditionals.ts";
export { type DailyModule, dailyModule } from "./dailyModule.ts";
export {
  type ClockChange,
  comeBack,
  goOnVacation,
  moveInGame,
  type PlayerGame,
  type Return,
  vacationBeforeMove,
} from "./dailyPauses.ts";
export {
  ALARM_AT,
  alarmAt,
  alarmDecision,
  dailySummary,
  moveNotice,
  SUMMARY_EVERY_MS,
  type SummaryEntry,
  type SummaryGame,
  summaryDue,
} from "./dailyReminders.ts";
/** The event table alone, for the protocol catalogue's test. */
export { dailySocketEvents } from "./dailySocket.ts";
export type { DailyPairing, DailyStarts, DealtStart } from "./dailyStarts.ts";
export { type DeadlineRow, dueTimeouts, type Timeout } from "./dailySweeper.ts";
