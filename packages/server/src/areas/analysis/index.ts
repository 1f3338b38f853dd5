export { type AnalysisJobs, createAnalysisJobs } from "./analysisJobs.ts";
export { createAnalysisRepo } from "./analysisRepo.ts";
export { registerAnalysisRoutes } from "./analysisRoutes.ts";
export { type AnalysisService, createAnalysisService, type GameSource } from "./analysisService.ts";
export { EngineBusyError, EnginePool, findEngine } from "./engine/enginePool.ts";
