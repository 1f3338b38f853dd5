import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { MessageType } from "socket.io-adapter";
import { type Socket as ClientSocket, io as connect } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { localFirst } from "./localFirst.ts";
import { StalledAdapter } from "./testAdapter.ts";

let close: () => Promise<void> = async () => {};
afterEach(() => close());

async function serverWithClient(): Promise<{ io: Server; client: ClientSocket }> {
  StalledAdapter.published = [];
  const http = createServer();
  const io = new Server(http, { adapter: localFirst((nsp) => new StalledAdapter(nsp)) });
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  const client = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { transports: ["websocket"] });
  await new Promise<void>((r) => client.once("connect", () => r()));
  close = async () => {
    client.close();
    await io.close();
  };
  return { io, client };
}

const types = () => StalledAdapter.published.map((m) => m.type);
const heard = (client: ClientSocket, event: string, ms = 500) =>
  new Promise<unknown>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    client.once(event, (payload) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

describe("localFirst", () => {
  it("joins, broadcasts, leaves and disconnects here at once while the publish to the other nodes hangs", async () => {
    const { io, client } = await serverWithClient();
    const id = client.id as string;

    io.in(id).socketsJoin("game:1");
    expect(io.of("/").adapter.rooms.get("game:1")?.has(id)).toBe(true);
    const update = heard(client, "update");
    io.to("game:1").emit("update", { ply: 1 });
    expect(await update).toEqual({ ply: 1 });

    io.in(id).socketsLeave("game:1");
    expect(io.of("/").adapter.rooms.get("game:1")).toBeUndefined();
    const after = heard(client, "update");
    io.to("game:1").emit("update", { ply: 2 });
    expect(await after).toBeUndefined();

    // Only this node's own sockets: nothing goes to the other nodes.
    const local = heard(client, "note");
    io.local.emit("note", "here only");
    expect(await local).toBe("here only");

    const dropped = new Promise((r) => client.once("disconnect", r));
    io.in(id).disconnectSockets();
    expect(await dropped).toBe("io server disconnect");

    // Each act went out to the other nodes too, in order, the packet as it was emitted.
    expect(types()).toEqual([
      MessageType.SOCKETS_JOIN,
      MessageType.BROADCAST,
      MessageType.SOCKETS_LEAVE,
      MessageType.BROADCAST,
      MessageType.DISCONNECT_SOCKETS,
    ]);
    expect(StalledAdapter.published[0]).toMatchObject({
      data: { opts: { rooms: [id], except: [] }, rooms: ["game:1"] },
    });
    expect(StalledAdapter.published[1]).toMatchObject({
      data: { packet: { type: 2, data: ["update", { ply: 1 }] }, opts: { rooms: ["game:1"], except: [] } },
    });
    expect(StalledAdapter.published[4]).toMatchObject({ data: { opts: { rooms: [id] }, close: false } });
  });
});
