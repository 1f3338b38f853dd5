export { createPuzzlesJobs, type PuzzlesJobs } from "./puzzlesJobs.ts";
export { puzzlesModule } from "./puzzlesModule.ts";
