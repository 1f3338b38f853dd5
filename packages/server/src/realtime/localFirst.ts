import {
  Adapter,
  type BroadcastOptions,
  type ClusterAdapter,
  type ClusterMessage,
  MessageType,
  type Room,
} from "socket.io-adapter";
import { SPREAD_SLICE, spreadBroadcasts } from "./spreadBroadcasts.ts";

type Publish = (message: { type: MessageType; data: unknown }) => void;

/** Options as the cluster adapter puts them on the wire (its own encoder and decoder are not exported). */
const onWire = (opts: BroadcastOptions) => ({
  rooms: [...opts.rooms],
  except: [...(opts.except ?? [])],
  flags: opts.flags,
});
type WireOptions = ReturnType<typeof onWire>;
const offWire = (opts: WireOptions): BroadcastOptions => ({
  rooms: new Set(opts.rooms),
  except: new Set(opts.except),
  flags: opts.flags,
});
type OnMessage = (message: ClusterMessage, offset?: string) => void;

/**
 * The cluster adapter acts on this node's own sockets only once its publish to Redis has returned: a room
 * broadcast, a join, a leave, a disconnect. Every local player then waits on Redis, and a stalled Redis held
 * a move's update from an opponent on the same node while their clock ran. Here this node acts at once, and
 * the other nodes follow through the stream as before, in the order of the publishes (each publish is sent
 * before the local act, so the message carries the packet as it was emitted). It leaves out what the adapter
 * adds for Socket.IO's connection state recovery (an offset per packet), which this server does not enable.
 * Broadcasts, this node's own and the other nodes', reach this node's sockets through `spreadBroadcasts`.
 */
export function localFirst<A extends ClusterAdapter>(
  make: (nsp: unknown) => A,
  slice = SPREAD_SLICE,
): (nsp: unknown) => A {
  // Socket.IO calls it with `new`: a function, not an arrow, whose returned object is the adapter.
  return function adapterOf(nsp: unknown): A {
    const adapter = make(nsp);
    // Fire and forget, its failure only logged by the adapter: what a cluster broadcast did already.
    const publish: Publish = (message) => (adapter as unknown as { publish: Publish }).publish(message);
    const here = Adapter.prototype;
    const remote = (opts: BroadcastOptions) => opts.flags?.local !== true;
    const deliver = spreadBroadcasts(adapter, slice);
    adapter.broadcast = async (packet: unknown, opts: BroadcastOptions) => {
      if (remote(opts)) publish({ type: MessageType.BROADCAST, data: { packet, opts: onWire(opts) } });
      deliver(packet, opts);
    };
    // Another node's broadcast: the cluster adapter hands it to the in-memory one directly (`super`), so it
    // is taken here first. One that waits for acknowledgements (none on this site) goes the adapter's way.
    const heard = adapter as unknown as { onMessage: OnMessage; uid: string; nsp: { name: string } };
    const onMessage = heard.onMessage.bind(adapter);
    heard.onMessage = (message, offset) => {
      const m = message as ClusterMessage & { data?: { requestId?: unknown; packet?: unknown; opts?: WireOptions } };
      const theirs = m.uid !== heard.uid && m.nsp === heard.nsp.name;
      if (theirs && m.type === MessageType.BROADCAST && m.data?.requestId === undefined && m.data?.opts)
        deliver(m.data.packet, offWire(m.data.opts));
      else onMessage(message, offset);
    };
    adapter.addSockets = async (opts: BroadcastOptions, rooms: Room[]) => {
      if (remote(opts)) publish({ type: MessageType.SOCKETS_JOIN, data: { opts: onWire(opts), rooms } });
      here.addSockets.call(adapter, opts, rooms);
    };
    adapter.delSockets = async (opts: BroadcastOptions, rooms: Room[]) => {
      if (remote(opts)) publish({ type: MessageType.SOCKETS_LEAVE, data: { opts: onWire(opts), rooms } });
      here.delSockets.call(adapter, opts, rooms);
    };
    adapter.disconnectSockets = async (opts: BroadcastOptions, close: boolean) => {
      if (remote(opts)) publish({ type: MessageType.DISCONNECT_SOCKETS, data: { opts: onWire(opts), close } });
      here.disconnectSockets.call(adapter, opts, close);
    };
    return adapter;
  };
}
