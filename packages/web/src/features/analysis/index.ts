export { AnalysisView } from "./AnalysisView.tsx";
export { type AnalysisApi, analysisApi } from "./analysisApi.ts";
export {
  type AnalysisGame,
  type AnalysisRouteState,
  analysisGame,
  gameSummary,
  readRouteState,
} from "./analysisGame.ts";
