import { Adapter, type BroadcastOptions, type Room } from "socket.io-adapter";

/**
 * Sockets written per event-loop turn by a big broadcast. A socket costs ~50 µs (mostly its `writev`): an
 * arena's standings to 1,000 followers took 40-70 ms in one stretch once a second, and every move that arrived
 * meanwhile waited for all of it (the 1,000-player arena's move p99). A slice of 100 holds the loop ~5 ms.
 */
export const SPREAD_SLICE = 100;

type Deliver = (packet: unknown, opts: BroadcastOptions) => void;

/** An adapter that spreads its broadcasts, and can tell when a room's are all handed to its sockets. */
interface Spreading {
  whenDelivered(room: Room, withinMs: number): Promise<void>;
}

/**
 * Resolves once this node has handed every broadcast to `room` emitted so far to the room's sockets (at once,
 * unless the room is big and its broadcasts are being spread), or after `withinMs` at the latest, so that a lost
 * wake-up cannot hold a waiter for good. Other nodes deliver theirs on their own.
 */
export function whenDelivered(adapter: Adapter, room: Room, withinMs = 5_000): Promise<void> {
  return (adapter as Adapter & Partial<Spreading>).whenDelivered?.(room, withinMs) ?? Promise.resolve();
}

/** Every socket of the namespace (a broadcast with no room) conflicts with every room. */
const EVERYONE = "";

/**
 * This node's delivery of broadcasts, a slice of sockets per event-loop turn when there are many: what
 * arrives meanwhile (a move, its answer) is served between slices. Each slice is the adapter's own broadcast
 * to the slice's sockets (each socket is a room of its own), so encoding and flags stay Socket.IO's. A socket
 * hears a room's broadcasts in the order they were emitted: a broadcast to a room being spread waits until
 * that spread is over, and the ones waiting go in their order.
 */
export function spreadBroadcasts(adapter: Adapter, slice = SPREAD_SLICE): Deliver {
  const direct = (packet: unknown, opts: BroadcastOptions) =>
    Adapter.prototype.broadcast.call(adapter, packet as never, opts);
  const spreading = new Set<Room>();
  const waiting: Array<{ packet: unknown; opts: BroadcastOptions; rooms: Room[] }> = [];
  const idleWaiters: Array<{ room: Room; resolve: () => void }> = [];
  const busy = (room: Room) =>
    blocked([room]) || waiting.some((w) => w.rooms.some((r) => r === room || r === EVERYONE));
  // The bound's timer only while a spread is under way: most rooms are delivered at once, and need none.
  (adapter as Adapter & Spreading).whenDelivered = (room, withinMs) => {
    if (!busy(room)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const waiter = {
        room,
        resolve: () => {
          clearTimeout(bound);
          resolve();
        },
      };
      const bound = setTimeout(() => {
        const at = idleWaiters.indexOf(waiter);
        if (at >= 0) idleWaiters.splice(at, 1);
        resolve();
      }, withinMs);
      bound.unref();
      idleWaiters.push(waiter);
    });
  };

  const roomsOf = (opts: BroadcastOptions): Room[] => (opts.rooms.size > 0 ? [...opts.rooms] : [EVERYONE]);
  const blocked = (rooms: Room[]) => spreading.has(EVERYONE) || rooms.some((r) => r === EVERYONE || spreading.has(r));

  /** The sockets a broadcast reaches, as the adapter counts them (its own `apply` is private). */
  function targets(opts: BroadcastOptions): string[] {
    const except = new Set<string>();
    for (const r of opts.except ?? []) for (const id of adapter.rooms.get(r) ?? []) except.add(id);
    const ids = new Set<string>();
    const from = opts.rooms.size > 0 ? [...opts.rooms].map((r) => adapter.rooms.get(r) ?? []) : [adapter.sids.keys()];
    for (const room of from) for (const id of room) if (!except.has(id)) ids.add(id);
    return [...ids];
  }

  /** At least as many sockets as the broadcast reaches: most broadcasts (a game's room) are let by on it. */
  function atMost(opts: BroadcastOptions): number {
    if (opts.rooms.size === 0) return adapter.sids.size;
    let n = 0;
    for (const r of opts.rooms) n += adapter.rooms.get(r)?.size ?? 0;
    return n;
  }

  function start(packet: unknown, opts: BroadcastOptions, rooms: Room[] | undefined): void {
    const ids = atMost(opts) <= slice ? undefined : targets(opts);
    if (!ids || ids.length <= slice) {
      direct(packet, opts);
      return;
    }
    const spread = rooms ?? roomsOf(opts);
    for (const r of spread) spreading.add(r);
    const next = (from: number) => {
      try {
        direct(packet, { rooms: new Set(ids.slice(from, from + slice)), except: new Set(), flags: opts.flags });
      } catch (e) {
        // A packet that cannot be encoded fails on its first slice, to its emitter: its rooms must not stay held.
        finish(spread);
        throw e;
      }
      if (from + slice < ids.length) setImmediate(next, from + slice);
      else finish(spread);
    };
    next(0);
  }

  function finish(rooms: Room[]): void {
    for (const r of rooms) spreading.delete(r);
    // Those waiting go in their order; one that meets a room spread again (by one before it) waits again.
    const queued = waiting.splice(0);
    for (const w of queued) deliver(w.packet, w.opts, w.rooms);
    for (const w of idleWaiters.splice(0)) {
      if (busy(w.room)) idleWaiters.push(w);
      else w.resolve();
    }
  }

  function deliver(packet: unknown, opts: BroadcastOptions, known?: Room[]): void {
    const rooms = spreading.size === 0 ? known : (known ?? roomsOf(opts));
    if (rooms && blocked(rooms)) waiting.push({ packet, opts, rooms });
    else start(packet, opts, rooms);
  }

  return (packet, opts) => deliver(packet, opts);
}

/** The in-memory adapter (one node, no Redis) with its broadcasts spread. */
export function spreadingAdapter(slice = SPREAD_SLICE): (nsp: unknown) => Adapter {
  // Socket.IO calls it with `new`: a function, not an arrow, whose returned object is the adapter.
  return function adapterOf(nsp: unknown): Adapter {
    const adapter = new Adapter(nsp as never);
    const deliver = spreadBroadcasts(adapter, slice);
    adapter.broadcast = (packet, opts) => deliver(packet, opts);
    return adapter;
  };
}
