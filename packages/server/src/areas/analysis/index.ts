export { type AnalysisJobs, createAnalysisJobs } from "./analysisJobs.ts";
export { analysisModule } from "./analysisModule.ts";
export { createAnalysisRepo } from "./analysisRepo.ts";
export { EngineBusyError, EnginePool, findEngine } from "./engine/enginePool.ts";
