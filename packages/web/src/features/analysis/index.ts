export { AnalysisView } from "./AnalysisView.tsx";
export { type AnalysisApi, analysisApi } from "./analysisApi.ts";
export {
  type AnalysisGame,
  type AnalysisRouteState,
  analysisGame,
  gameSummary,
  importedAnalysisGame,
  readRouteState,
} from "./analysisGame.ts";
export { ImportPanel } from "./ImportPanel.tsx";
