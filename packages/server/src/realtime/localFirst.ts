import { Adapter, type BroadcastOptions, type ClusterAdapter, MessageType, type Room } from "socket.io-adapter";

type Publish = (message: { type: MessageType; data: unknown }) => void;

/** Options as the cluster adapter puts them on the wire (its own encoder is not exported). */
const onWire = (opts: BroadcastOptions) => ({
  rooms: [...opts.rooms],
  except: [...(opts.except ?? [])],
  flags: opts.flags,
});

/**
 * The cluster adapter acts on this node's own sockets only once its publish to Redis has returned: a room
 * broadcast, a join, a leave, a disconnect. Every local player then waits on Redis, and a stalled Redis held
 * a move's update from an opponent on the same node while their clock ran. Here this node acts at once, and
 * the other nodes follow through the stream as before, in the order of the publishes (each publish is sent
 * before the local act, so the message carries the packet as it was emitted). It leaves out what the adapter
 * adds for Socket.IO's connection state recovery (an offset per packet), which this server does not enable.
 */
export function localFirst<A extends ClusterAdapter>(make: (nsp: unknown) => A): (nsp: unknown) => A {
  // Socket.IO calls it with `new`: a function, not an arrow, whose returned object is the adapter.
  return function adapterOf(nsp: unknown): A {
    const adapter = make(nsp);
    // Fire and forget, its failure only logged by the adapter: what a cluster broadcast did already.
    const publish: Publish = (message) => (adapter as unknown as { publish: Publish }).publish(message);
    const here = Adapter.prototype;
    const remote = (opts: BroadcastOptions) => opts.flags?.local !== true;
    adapter.broadcast = async (packet: unknown, opts: BroadcastOptions) => {
      if (remote(opts)) publish({ type: MessageType.BROADCAST, data: { packet, opts: onWire(opts) } });
      here.broadcast.call(adapter, packet, opts);
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
