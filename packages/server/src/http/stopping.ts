import { HttpError } from "./errors.ts";

export const RESTARTING_MESSAGE = "The server is restarting - please try again";

/** Seconds a client waits before asking again: the next node (or this one, restarted) is up by then. */
const RETRY_AFTER_S = 3;

/**
 * The node's stop, as seen by requests that wait long (an analysis can take minutes). Those answer a
 * retryable 503 as the stop begins instead of holding it past its limit; the work itself goes on in the
 * queue for another node, or is done again after the restart.
 */
export function createStopping() {
  const controller = new AbortController();
  const restarting = () =>
    new HttpError(503, "restarting", RESTARTING_MESSAGE, { "retry-after": String(RETRY_AFTER_S) });
  return {
    get stopped(): boolean {
      return controller.signal.aborted;
    },
    stop(): void {
      controller.abort();
    },
    /** What `work` gives, unless the node begins to stop first. */
    race<T>(work: Promise<T>): Promise<T> {
      const { signal } = controller;
      if (signal.aborted) {
        work.catch(() => {});
        return Promise.reject(restarting());
      }
      return new Promise<T>((resolve, reject) => {
        const onStop = () => reject(restarting());
        signal.addEventListener("abort", onStop, { once: true });
        work.then(
          (value) => {
            signal.removeEventListener("abort", onStop);
            resolve(value);
          },
          (error: unknown) => {
            signal.removeEventListener("abort", onStop);
            reject(error);
          },
        );
      });
    },
  };
}

export type Stopping = ReturnType<typeof createStopping>;
