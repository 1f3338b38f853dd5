import { createServer } from "node:http";
import type { AddressInfo, Socket as TcpSocket } from "node:net";
import type { Ack } from "@chess/shared";
import pino from "pino";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { socketEvent } from "../src/realtime/handlers.ts";
import { createRealtime } from "../src/realtime/io.ts";
import type { AppSocket } from "../src/realtime/sockets.ts";

/** The TCP writes made for one connection: each `_write` or `_writev` is one system call's worth. */
interface Wire {
  writes: number;
}

/**
 * The realtime layer alone, with a `move` whose answer comes a turn later (as the database's does) and
 * which, like a published move, sends `update` to the whole table before its ack.
 */
async function table() {
  const http = createServer();
  let id = 0;
  const realtime = createRealtime(http, {
    publicOrigin: undefined,
    trustProxy: false,
    connectLimits: { burst: 1000, perSecond: 1000, open: 1000 },
    logger: pino({ level: "silent" }),
  });
  realtime.identifyWith(async () => ({ sessionId: `s${++id}`, userId: null, username: `Guest${id}`, isGuest: true }));
  const wires = new Map<string, Wire>();
  realtime.onConnection((socket: AppSocket) => {
    void socket.join("table");
    const wire: Wire = { writes: 0 };
    wires.set(socket.data.owner.username, wire);
    const tcp = (socket.conn.transport as unknown as { socket?: { _socket?: TcpSocket } }).socket?._socket;
    if (!tcp) return;
    const write = tcp._write.bind(tcp);
    const writev = tcp._writev?.bind(tcp);
    tcp._write = (...args: Parameters<TcpSocket["_write"]>) => {
      wire.writes += 1;
      write(...args);
    };
    if (writev)
      tcp._writev = (...args: Parameters<NonNullable<TcpSocket["_writev"]>>) => {
        wire.writes += 1;
        writev(...args);
      };
  });
  const everyone = () => realtime.io.to("table") as unknown as { emit(event: string, data: unknown): boolean };
  realtime.addEvents({
    move: socketEvent(
      z.object({ n: z.number(), leave: z.enum(["disconnect", "drop"]).optional() }),
      async (socket, { n, leave }) => {
        await new Promise((r) => setImmediate(r));
        everyone().emit("played", { n });
        // A server disconnect (as at logout), or the connection closed as a network drop (a game lost to
        // another node), before this command is answered.
        if (leave === "disconnect") socket.disconnect(true);
        if (leave === "drop") socket.conn.close();
        await Promise.resolve();
        return { ok: true, data: { ply: n } };
      },
    ),
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    wires,
    /** Says something to everyone, then stops in the same turn, as a stopping node does. */
    sayAndStop(n: number) {
      everyone().emit("played", { n });
      realtime.close();
      http.close();
    },
    close() {
      realtime.close();
      http.close();
    },
  };
}

type Heard = Array<string>;

async function player(url: string, transport: "websocket" | "polling", reconnection = false) {
  const socket: Socket = connect(url, { transports: [transport], reconnection, forceNew: true });
  const heard: Heard = [];
  socket.on("played", (p: { n: number }) => heard.push(`played ${p.n}`));
  socket.on("disconnect", (reason) => heard.push(`disconnect ${reason}`));
  const session = await new Promise<{ username: string }>((resolve) => socket.once("session", resolve));
  return { socket, heard, name: session.username };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe("one network write per connection per turn", () => {
  let t: Awaited<ReturnType<typeof table>>;
  beforeAll(async () => {
    t = await table();
  });
  afterAll(() => t.close());

  it("sends the mover's update and ack in one write, in that order, and the opponent's update in one", async () => {
    const mover = await player(t.url, "websocket");
    const opponent = await player(t.url, "websocket");
    const wires = [mover, opponent].map((p) => t.wires.get(p.name) as Wire);
    for (const n of [1, 2, 3]) {
      for (const w of wires) w.writes = 0;
      const ack = mover.socket.emitWithAck("move", { n }).then((a: Ack<{ ply: number }>) => {
        mover.heard.push(`ack ${a.ok ? a.data?.ply : "refused"}`);
      });
      await ack;
      await until(() => opponent.heard.includes(`played ${n}`));
      expect(mover.heard.slice(-2)).toEqual([`played ${n}`, `ack ${n}`]);
      expect(wires.map((w) => w.writes)).toEqual([1, 1]);
    }
    mover.socket.close();
    opponent.socket.close();
  });

  it("holds nothing back between turns, and long-polling clients hear the same in the same order", async () => {
    const mover = await player(t.url, "polling");
    const opponent = await player(t.url, "websocket");
    for (const n of [4, 5]) {
      const a: Ack<{ ply: number }> = await mover.socket.emitWithAck("move", { n });
      mover.heard.push(`ack ${a.ok ? a.data?.ply : "refused"}`);
      await until(() => opponent.heard.includes(`played ${n}`));
    }
    expect(mover.heard).toEqual(["played 4", "ack 4", "played 5", "ack 5"]);
    expect(opponent.heard).toEqual(["played 4", "played 5"]);
    mover.socket.close();
    opponent.socket.close();
  });

  it("delivers what a turn sent before the server closed the connection in that same turn", async () => {
    const leaver = await player(t.url, "websocket");
    const opponent = await player(t.url, "websocket");
    leaver.socket.emit("move", { n: 6, leave: "disconnect" });
    await until(() => leaver.heard.includes("disconnect io server disconnect"));
    expect(leaver.heard).toEqual(["played 6", "disconnect io server disconnect"]);
    await until(() => opponent.heard.includes("played 6"));
    opponent.socket.close();
  });

  it("answers the command whose handling closed the connection, then closes it as a network drop", async () => {
    const mover = await player(t.url, "websocket");
    const ack = mover.socket.emitWithAck("move", { n: 8, leave: "drop" }).then((a: Ack<{ ply: number }>) => {
      mover.heard.push(`ack ${a.ok ? a.data?.ply : "refused"}`);
    });
    await until(() => mover.heard.length === 3);
    await ack;
    expect(mover.heard).toEqual(["played 8", "ack 8", "disconnect transport close"]);
  });

  it("sends what a stopping node said before it closes the connections, which clients then reconnect", async () => {
    const stopping = await table();
    const p = await player(stopping.url, "websocket", true);
    stopping.sayAndStop(7);
    await until(() => p.heard.length === 2);
    // A transport close, not a server disconnect: a client with socket.io-client's defaults is reconnecting.
    expect(p.heard).toEqual(["played 7", "disconnect transport close"]);
    expect(p.socket.active).toBe(true);
    p.socket.close();
  });
});
