export { CHECK_NODES, createJumpstartJobs, type JumpstartJobs } from "./jumpstartJobs.ts";
export { createJumpstartRepo } from "./jumpstartRepo.ts";
export { registerJumpstartRoutes } from "./jumpstartRoutes.ts";
export { createJumpstartService, type JumpstartService, NoPositionError } from "./jumpstartService.ts";
