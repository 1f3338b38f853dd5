import { createServer, type Socket, connect as tcpConnect } from "node:net";

/** A TCP proxy on 127.0.0.1 whose link can be cut and restored, to take a service away from one client. */
export interface TcpProxy {
  /** The port to connect to instead of the target's. */
  port: number;
  /** Whether the link is cut now. */
  readonly isDown: boolean;
  /** Cuts the link: every open connection is reset and new ones are reset on arrival. */
  down(): void;
  /**
   * A partition: connections stay open but nothing crosses in either direction, and new ones are accepted
   * and left waiting, so a client hears neither an answer nor an error.
   */
  stall(): void;
  /**
   * The target moved away behind its name: new connections reach the target as before, and the ones open
   * now lead nowhere. "silent": nothing crosses them, no error either; "reset": each is reset when its
   * client next sends (the old address answers for a host that no longer knows the connection).
   */
  strand(how?: "silent" | "reset"): void;
  /** Restores the link: new connections reach the target again (connections stalled meanwhile are reset). */
  up(): void;
  /**
   * Cuts the link the moment the target has fully answered a request containing `marker` (PostgreSQL's
   * ReadyForQuery), before that answer is passed on: the statement ran, its client never hears so.
   * Resolves once the link is cut.
   */
  downAfterAnswerTo(marker: string): Promise<void>;
  /**
   * Holds the target's full answer to a request containing `marker` until `release()`: a statement that
   * ran while its client still waits. `held` resolves once an answer is being held.
   */
  holdAnswerTo(marker: string): { held: Promise<void>; release(): void };
  close(): Promise<void>;
}

/** PostgreSQL's ReadyForQuery message ('Z', length 5, status) ends every answer to a query. */
function endsWithReadyForQuery(chunk: Buffer): boolean {
  const z = chunk.length - 6;
  return z >= 0 && chunk[z] === 0x5a && chunk.readUInt32BE(z + 1) === 5;
}

/** Starts a proxy that forwards every connection to `target` until told otherwise. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const links = new Set<{ client: Socket; upstream: Socket; stranded: false | "silent" | "reset" }>();
  let isDown = false;
  let stalled = false;
  const waiting = new Set<Socket>();
  let trap: { marker: string; action: "cut" | "hold"; sprung: () => void } | undefined;
  let heldBack: Array<() => void> | undefined;

  const cutAll = () => {
    for (const { client, upstream } of links) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    links.clear();
    for (const client of waiting) client.resetAndDestroy();
    waiting.clear();
  };

  const server = createServer((client) => {
    client.on("error", () => {});
    if (isDown) {
      client.resetAndDestroy();
      return;
    }
    if (stalled) {
      waiting.add(client);
      client.once("close", () => waiting.delete(client));
      return;
    }
    const upstream = tcpConnect(target.port, target.host);
    const link: { client: Socket; upstream: Socket; stranded: false | "silent" | "reset" } = {
      client,
      upstream,
      stranded: false,
    };
    links.add(link);
    let armed = false;
    const drop = () => {
      links.delete(link);
      client.destroy();
      upstream.destroy();
    };
    upstream.on("error", drop);
    upstream.on("close", drop);
    client.on("close", drop);
    client.on("data", (chunk) => {
      if (link.stranded === "reset") {
        links.delete(link);
        client.resetAndDestroy();
        upstream.destroy();
        return;
      }
      if (stalled || link.stranded) return;
      if (trap && chunk.includes(trap.marker)) armed = true;
      upstream.write(chunk);
    });
    let holding: Buffer[] | undefined;
    upstream.on("data", (chunk) => {
      if (stalled || link.stranded) return;
      if (holding) {
        holding.push(chunk);
        return;
      }
      if (armed && trap?.action === "hold") {
        armed = false;
        holding = [chunk];
        const { sprung } = trap;
        trap = undefined;
        heldBack?.push(() => {
          for (const c of holding ?? []) client.write(c);
          holding = undefined;
        });
        sprung();
        return;
      }
      if (armed && trap) {
        if (!endsWithReadyForQuery(chunk)) return;
        const { sprung } = trap;
        trap = undefined;
        isDown = true;
        cutAll();
        sprung();
        return;
      }
      client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    port,
    get isDown() {
      return isDown;
    },
    down() {
      isDown = true;
      cutAll();
    },
    stall() {
      stalled = true;
    },
    strand(how = "silent") {
      for (const link of links) link.stranded = how;
    },
    up() {
      if (stalled) cutAll();
      stalled = false;
      isDown = false;
    },
    downAfterAnswerTo(marker) {
      return new Promise((resolve) => {
        trap = { marker, action: "cut", sprung: resolve };
      });
    },
    holdAnswerTo(marker) {
      const releases: Array<() => void> = [];
      heldBack = releases;
      const held = new Promise<void>((resolve) => {
        trap = { marker, action: "hold", sprung: resolve };
      });
      return {
        held,
        release() {
          for (const r of releases.splice(0)) r();
        },
      };
    },
    close() {
      cutAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
