export {
  ArenaDirector,
  type ArenaGameStart,
  type DirectorEvent,
  type DirectorPorts,
  type Timers,
  WAVE_DELAY_MS,
} from "./arenaDirector.ts";
export { arenaEntry, type Candidate, type EntryArena, rejoinDelayMs } from "./arenaEntry.ts";
export { type ArenaPair, type ArenaWaiting, pairArena } from "./arenaPairing.ts";
export { type ArenaGame, type ArenaSheet, scoreSheet } from "./arenaScoring.ts";
export { type ArenaSettings, arenaSettings, type SettingsError } from "./arenaSettings.ts";
export { clubBattleStandings, rankStandings, resultCounts } from "./arenaStandings.ts";
export {
  type ArenaPlayerRecord,
  type ArenaRecord,
  createTournamentsRepo,
  type GameResult,
  type TournamentsRepo,
} from "./tournamentsRepo.ts";
