export { BoardResizeHandle } from "./BoardResizeHandle.tsx";
export { liveBoardWidth } from "./boardSize.ts";
export { GameActions } from "./GameActions.tsx";
export { GameAnnouncer } from "./GameAnnouncer.tsx";
export { GameConnectionNotice } from "./GameConnectionNotice.tsx";
export { GameEndNotifier } from "./GameEndNotifier.tsx";
export { GameInfo } from "./GameInfo.tsx";
export { GameNotices } from "./GameNotices.tsx";
export { GameOverPanel } from "./GameOverPanel.tsx";
export { GamePlayerBar } from "./GamePlayerBar.tsx";
export { GameStartListener } from "./GameStartListener.tsx";
export { CLOCK_TICK_MS, formatClock, lowTimeMs } from "./gameClock.ts";
export {
  clockTimes,
  liveLine,
  playerNames,
  shownPly,
  shownPosition,
  sideToMove,
} from "./gameSelectors.ts";
export { playSound, soundForSan } from "./gameSounds.ts";
export { colorWord, type GameState } from "./gameStore.ts";
export { endReasonText, gameScore, gameTypeLabel } from "./gameText.ts";
export { jumpstartStartText } from "./jumpstartStart.ts";
export { LeaveGameGuard } from "./LeaveGameGuard.tsx";
export { LiveBoard } from "./LiveBoard.tsx";
export { LiveGameView } from "./LiveGameView.tsx";
export { MoveEntry } from "./MoveEntry.tsx";
export { materialSummary } from "./material.ts";
export type { MoveEntryGame } from "./moveEntry.ts";
export { PlayerBar } from "./PlayerBar.tsx";
export { RematchNotifier } from "./RematchNotifier.tsx";
export { ResumeGameBanner } from "./ResumeGameBanner.tsx";
export { type PlayRouteState, playPath, playRouteState, snapshotFromRouteState } from "./routeState.ts";
export { useGameSounds, useLowTimeSound, useSoundBlocked } from "./useGameSounds.ts";
export { useLiveBoardWidth } from "./useLiveBoardWidth.ts";
export { type LiveGameActions, useLiveGame } from "./useLiveGame.ts";
export { LiveGamesProvider, useLiveGames } from "./useLiveGames.tsx";
export { useNewRating } from "./useNewRating.ts";
export { useNow } from "./useNow.ts";
