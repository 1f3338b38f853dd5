export { createJumpstartRepo } from "./jumpstartRepo.ts";
export { registerJumpstartRoutes } from "./jumpstartRoutes.ts";
export { CHECK_NODES, createJumpstartService, type JumpstartService, NoPositionError } from "./jumpstartService.ts";
