export { createHistoryRepo, type HistoryRepo } from "./historyRepo.ts";
export { registerHistoryRoutes } from "./historyRoutes.ts";
