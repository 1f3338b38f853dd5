/**
 * Loads of one list where only the latest counts: the answer to a load that comes after a later load was
 * started is dropped. It may have been answered before a change shown since (a request that came live), and
 * would take that change back off. A failed load keeps what is shown; the next one tries again.
 */
export function latestLoads() {
  let latest = 0;
  return async <T>(loading: Promise<T>, show: (loaded: T) => void): Promise<void> => {
    const mine = ++latest;
    try {
      const loaded = await loading;
      if (mine === latest) show(loaded);
    } catch {
      // Kept as it was.
    }
  };
}
