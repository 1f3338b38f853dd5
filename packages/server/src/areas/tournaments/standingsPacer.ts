import type { Timers } from "./arenaDirector.ts";

interface Pace {
  /** When the last send was over (delivered to every follower here). */
  last: number;
  timer: unknown;
  sending: boolean;
  /** Changed while being sent: another send once it is over. */
  again: boolean;
}

/**
 * When an arena's standings go out: within `every` ms of a change, once for all the changes meanwhile, and never
 * sooner than `every` ms after the last send was over. Counted from the end and not the start: a big room's
 * standings are spread over event-loop turns, and a follower late in one spread would otherwise get the next
 * a few hundred ms after (ARCHITECTURE: at most once a second each).
 */
export function standingsPacer(deps: {
  every: number;
  timers: Timers;
  /** Sends the arena's standings; resolves once they reached its followers here. */
  send: (id: string) => Promise<void>;
  failed: (err: unknown, id: string) => void;
}) {
  const { every, timers } = deps;
  const paces = new Map<string, Pace>();
  const paceOf = (id: string) => {
    const pace = paces.get(id) ?? { last: 0, timer: null, sending: false, again: false };
    paces.set(id, pace);
    return pace;
  };

  async function send(id: string, pace: Pace): Promise<void> {
    pace.sending = true;
    try {
      await deps.send(id);
    } finally {
      pace.last = timers.now();
      pace.sending = false;
      if (pace.again && paces.get(id) === pace) {
        pace.again = false;
        changed(id);
      }
    }
  }

  function changed(id: string): void {
    const pace = paceOf(id);
    if (pace.sending) {
      pace.again = true;
      return;
    }
    if (pace.timer !== null) return;
    pace.timer = timers.setTimeout(
      () => {
        pace.timer = null;
        send(id, pace).catch((err: unknown) => deps.failed(err, id));
      },
      Math.max(0, pace.last + every - timers.now()),
    );
  }

  return {
    /** The standings changed: sent within `every` ms. */
    changed,
    /** Sent now, whatever the pace (the arena's end). */
    now: (id: string) => send(id, paceOf(id)),
    /** The arena is over: nothing more is sent for it. */
    forget(id: string): void {
      const pace = paces.get(id);
      if (pace) timers.clearTimeout(pace.timer);
      paces.delete(id);
    },
    stop(): void {
      for (const pace of paces.values()) timers.clearTimeout(pace.timer);
    },
  };
}
