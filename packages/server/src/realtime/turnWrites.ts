/**
 * What engine.io exposes of a connection here. `flush` and the websocket under the transport are not in its
 * types (they are private there), so they are named here, and `batchTurnWrites` checks them at run time.
 */
interface EngineConnection {
  flush(): void;
  close(discard?: boolean): unknown;
  transport: { socket?: { _socket?: Partial<Corkable> } };
}
interface Corkable {
  cork(): void;
  uncork(): void;
}

/** The TCP socket under a websocket transport; none under long-polling (its own HTTP responses batch). */
function tcpOf(conn: EngineConnection): Corkable | undefined {
  const tcp = conn.transport.socket?._socket;
  return typeof tcp?.cork === "function" && typeof tcp.uncork === "function" ? (tcp as Corkable) : undefined;
}

/**
 * One write to the network per connection per event-loop turn. engine.io writes a packet the moment it is
 * emitted and the next only once that write has called back, so a mover's `update` and the ack of their
 * move, produced in the same turn, left in two system calls and woke the client twice (a third of the move
 * path's writes). Here the flush waits for the end of the turn (process.nextTick runs after the turn's
 * promise callbacks, where the ack is sent) and the TCP socket is corked around it, so ws's frames for
 * everything the turn produced go out in one `writev`. Order is kept: the buffer is engine.io's own.
 */
export function batchTurnWrites(connection: object): void {
  const conn = connection as EngineConnection;
  if (typeof conn.flush !== "function" || typeof conn.close !== "function" || typeof conn.transport !== "object")
    return;
  const flushNow = conn.flush.bind(conn);
  let scheduled = false;
  const flushTurn = () => {
    scheduled = false;
    const tcp = tcpOf(conn);
    tcp?.cork();
    try {
      flushNow();
    } finally {
      tcp?.uncork();
    }
  };
  conn.flush = () => {
    if (scheduled) return;
    scheduled = true;
    process.nextTick(flushTurn);
  };
  // A close waits for the end of the turn as well, then goes out after everything the turn said: the last
  // update before a node stops, or the answer to the command that made this node close its players'
  // connections (a game lost to another node), which comes a few promise callbacks after the close.
  const closeNow = conn.close.bind(conn);
  conn.close = (discard?: boolean) => {
    process.nextTick(() => {
      if (scheduled) flushTurn();
      closeNow(discard);
    });
  };
}
