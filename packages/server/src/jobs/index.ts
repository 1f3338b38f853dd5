export {
  createInProcessRunner,
  type JobContext,
  type JobHandlers,
  type JobProgress,
  type JobRunner,
  JobsUnavailableError,
} from "./jobRunner.ts";
export { createQueueRunner, type QueueRunner, type QueueWorkers, startQueueWorkers } from "./queueJobs.ts";
