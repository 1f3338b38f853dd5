export { CHECK_NODES, createJumpstartJobs, type JumpstartJobs } from "./jumpstartJobs.ts";
export { type JumpstartPositions, jumpstartModule } from "./jumpstartModule.ts";
export { createJumpstartRepo } from "./jumpstartRepo.ts";
export { NoPositionError } from "./jumpstartService.ts";
