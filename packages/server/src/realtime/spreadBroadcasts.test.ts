import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server, type Socket } from "socket.io";
import { type ClusterAdapter, type ClusterMessage, MessageType } from "socket.io-adapter";
import { type Socket as ClientSocket, io as connect } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { localFirst } from "./localFirst.ts";
import { spreadingAdapter, whenDelivered } from "./spreadBroadcasts.ts";
import { StalledAdapter } from "./testAdapter.ts";

const SLICE = 2;
let close: () => Promise<void> = async () => {};
afterEach(() => close());

interface Setup {
  io: Server;
  clients: ClientSocket[];
  /** The server's side of each client, in the same order. */
  sockets: Socket[];
  /** Per server socket, the events written to it so far. */
  written: Map<string, string[]>;
}

async function serverWith(n: number, adapter: Server["_adapter"]): Promise<Setup> {
  const http = createServer();
  const io = new Server(http, { adapter });
  const written = new Map<string, string[]>();
  const sockets: Socket[] = [];
  io.on("connection", (s) => {
    written.set(s.id, []);
    s.onAnyOutgoing((event: string) => written.get(s.id)?.push(event));
    sockets.push(s);
  });
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const clients: ClientSocket[] = [];
  for (let i = 0; i < n; i++) {
    const c = connect(url, { transports: ["websocket"], forceNew: true });
    await new Promise<void>((r) => c.once("connect", () => r()));
    clients.push(c);
  }
  close = async () => {
    for (const c of clients) c.close();
    await io.close();
  };
  // The server's sockets in the clients' order.
  const byId = new Map(sockets.map((s) => [s.id, s]));
  return { io, clients, sockets: clients.map((c) => byId.get(c.id as string) as Socket), written };
}

/** Everything each client hears of these events, in order, until each has heard `count`. */
function hearing(clients: ClientSocket[], events: string[], count: number): Promise<string[][]> {
  return Promise.all(
    clients.map(
      (c) =>
        new Promise<string[]>((resolve) => {
          const got: string[] = [];
          for (const e of events)
            c.on(e, (payload: string) => {
              got.push(`${e}:${payload}`);
              if (got.length === count) resolve(got);
            });
        }),
    ),
  );
}

const nextTurn = () => new Promise((r) => setImmediate(r));

describe("spreadBroadcasts", () => {
  it("writes a big broadcast a slice of sockets per turn, and every socket hears it", async () => {
    const { io, clients, sockets, written } = await serverWith(7, spreadingAdapter(SLICE));
    for (const s of sockets) s.join("arena:1");
    const heard = hearing(clients, ["standings"], 1);

    io.to("arena:1").emit("standings", "v1");
    const now = () => [...written.values()].filter((w) => w.includes("standings")).length;
    expect(now()).toBe(SLICE);
    await nextTurn();
    expect(now()).toBe(2 * SLICE);
    expect(await heard).toEqual(clients.map(() => ["standings:v1"]));
  });

  it("keeps a room's broadcasts in order while other rooms' go at once", async () => {
    const { io, clients, sockets, written } = await serverWith(7, spreadingAdapter(SLICE));
    for (const s of sockets) s.join("arena:1");
    const last = sockets[6] as Socket;
    last.join("game:1");
    const heard = hearing(clients, ["standings", "finished"], 2);
    const lastHeard = hearing([clients[6] as ClientSocket], ["update"], 1);

    io.to("arena:1").emit("standings", "v1");
    io.to("arena:1").emit("finished", "now");
    io.to("game:1").emit("update", "e4");
    // The game's room is not held up by the arena's spread: the last socket has its move before its standings.
    expect(written.get(last.id)).toEqual(["update"]);

    expect(await heard).toEqual(clients.map(() => ["standings:v1", "finished:now"]));
    expect(await lastHeard).toEqual([["update:e4"]]);
    expect(written.get(last.id)).toEqual(["update", "standings", "finished"]);
  });

  it("tells when a room's broadcasts, the spread and the queued, have reached every socket", async () => {
    const { io, sockets, written } = await serverWith(7, spreadingAdapter(SLICE));
    for (const s of sockets) s.join("arena:1");
    (sockets[0] as Socket).join("game:1");
    const adapter = io.of("/").adapter;
    const got = () => [...written.values()].filter((w) => w.includes("finished")).length;

    io.to("arena:1").emit("standings", "v1");
    io.to("arena:1").emit("finished", "now");
    io.to("game:1").emit("update", "e4");
    let at = -1;
    const delivered = whenDelivered(adapter, "arena:1").then(() => {
      at = got();
    });
    // A small room's are written at once.
    await whenDelivered(adapter, "game:1");
    expect(at).toBe(-1);
    await delivered;
    expect(at).toBe(7);
    // Nothing under way: at once.
    await whenDelivered(adapter, "arena:1");
  });

  it("leaves out the excepted, and a socket gone in the middle of a spread", async () => {
    const { io, clients, sockets, written } = await serverWith(7, spreadingAdapter(SLICE));
    for (const s of sockets) s.join("arena:1");
    const [first, , , , , , gone] = sockets as [Socket, ...Socket[]];
    const staying = clients.slice(1, 6);
    const heard = hearing(staying, ["standings"], 1);

    io.to("arena:1").except(first.id).emit("standings", "v2");
    (gone as Socket).disconnect(true);
    expect(await heard).toEqual(staying.map(() => ["standings:v2"]));
    expect(written.get(first.id)).toEqual([]);
    expect(written.get((gone as Socket).id)).toEqual([]);
  });

  it("throws a packet it cannot encode to its emitter, and leaves the room free for the next", async () => {
    const { io, clients, sockets } = await serverWith(7, spreadingAdapter(SLICE));
    for (const s of sockets) s.join("arena:1");
    const heard = hearing(clients, ["standings"], 1);

    expect(() => io.to("arena:1").emit("standings", 10n as unknown as string)).toThrow();
    io.to("arena:1").emit("standings", "v4");
    expect(await heard).toEqual(clients.map(() => ["standings:v4"]));
  });

  it("spreads another node's broadcast as well", async () => {
    StalledAdapter.published = [];
    const { io, clients, sockets, written } = await serverWith(
      5,
      localFirst((nsp) => new StalledAdapter(nsp), SLICE),
    );
    for (const s of sockets) s.join("arena:1");
    const heard = hearing(clients, ["standings"], 1);
    const adapter = io.of("/").adapter as unknown as ClusterAdapter & { onMessage(m: ClusterMessage): void };

    adapter.onMessage({
      uid: "another-node",
      nsp: "/",
      type: MessageType.BROADCAST,
      data: { packet: { type: 2, data: ["standings", "v3"], nsp: "/" }, opts: { rooms: ["arena:1"], except: [] } },
    } as unknown as ClusterMessage);
    expect([...written.values()].filter((w) => w.length > 0)).toHaveLength(SLICE);
    expect(await heard).toEqual(clients.map(() => ["standings:v3"]));
    // Heard from another node: nothing published back.
    expect(StalledAdapter.published).toEqual([]);
  });
});
