/** What `within` gives when the deadline came first. */
export const TOO_LATE: unique symbol = Symbol("too late");

/**
 * What `p` settles to if it does before `deadline` (epoch ms, by `now`), else TOO_LATE: a command is answered
 * by its deadline however long the database takes to answer, or whether it ever does. `p` goes on; what it
 * does later is not reported here (a write is then settled by reading it back).
 */
export function within<T>(p: Promise<T>, deadline: number, now: () => number): Promise<T | typeof TOO_LATE> {
  const left = deadline - now();
  if (left <= 0) {
    p.catch(() => {});
    return Promise.resolve(TOO_LATE);
  }
  // One promise and one timer a call (a race and a `finally` cost twice the time on every move).
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, left, TOO_LATE);
    p.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Waits `ms`, or less if the deadline comes sooner. */
export function pause(ms: number, deadline: number, now: () => number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(ms, deadline - now()))));
}
