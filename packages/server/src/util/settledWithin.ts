/** What `p` resolves to if it does within `ms`, else undefined (also when it fails). Never rejects. */
export function settledWithin<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.catch(() => undefined),
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ms);
      timer.unref();
    }),
  ]).finally(() => clearTimeout(timer));
}
