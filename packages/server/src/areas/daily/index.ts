export {
  clubMatchBoards,
  clubMatchScore,
  type MatchBoards,
  type MatchGame,
  type MatchGameResult,
  type MatchScore,
  type MatchSide,
  type RosterPlayer,
} from "./dailyClubMatch.ts";
export { answerConditionals, type ConditionalLine, validateConditionals } from "./dailyConditionals.ts";
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
export { type DeadlineRow, dueTimeouts, type Timeout } from "./dailySweeper.ts";
