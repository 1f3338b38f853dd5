import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { io, type Socket } from "socket.io-client";
import { afterAll, describe, expect, it } from "vitest";
import { CONNECT_REFUSALS, type ConnectLimits } from "../src/realtime/connectLimiter.ts";
import { createRealtime } from "../src/realtime/io.ts";
import type { Handshake } from "../src/realtime/sockets.ts";
import { useTestServer } from "./harness.ts";

type Outcome = { ok: true; socket: Socket } | { ok: false; status: unknown; message: string };

/**
 * One connection attempt from `address` (behind a proxy that says so in X-Forwarded-For): the connected
 * socket, or what socket.io-client was told. A refusal before the handshake is an HTTP error: over polling its
 * body `{code, message}` is in the error's context; a websocket client only learns that the upgrade failed.
 */
function attempt(url: string, address: string, transport: "polling" | "websocket" = "polling"): Promise<Outcome> {
  const socket = io(url, {
    transports: [transport],
    extraHeaders: { "x-forwarded-for": address },
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve) => {
    socket.once("connect", () => resolve({ ok: true, socket }));
    socket.once("connect_error", (err: Error & { description?: unknown; context?: { responseText?: string } }) => {
      socket.close();
      const body = err.context?.responseText;
      resolve({ ok: false, status: err.description, message: body ? JSON.parse(body).message : err.message });
    });
  });
}

const attempts = (url: string, address: string, n: number) =>
  Promise.all(Array.from({ length: n }, () => attempt(url, address)));

const closeAll = (outcomes: Outcome[]) => {
  for (const o of outcomes) if (o.ok) o.socket.close();
};

/** The realtime layer alone on a bare HTTP server, with an identify that records whom it was asked about. */
async function frontDoor(limits: Omit<ConnectLimits, "maxAddresses">) {
  const http: Server = createServer();
  const identified: Handshake[] = [];
  const realtime = createRealtime(http, {
    publicOrigin: undefined,
    trustProxy: true,
    connectLimits: limits,
    logger: pino({ level: "silent" }),
  });
  realtime.identifyWith(async (handshake) => {
    identified.push(handshake);
    return { sessionId: `s${identified.length}`, userId: null, username: "Guest", isGuest: true };
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    identified,
    close: () => {
      realtime.close();
      http.close();
    },
  };
}

describe("the connection limits before the handshake", () => {
  const doors: Array<{ close(): void }> = [];
  afterAll(() => {
    for (const d of doors) d.close();
  });

  it("refuses a storm from one address before identify runs, and lets another address in", async () => {
    // A refill of one connection per 100 s: nothing refills during the test.
    const door = await frontDoor({ burst: 5, perSecond: 0.01, open: 100 });
    doors.push(door);
    const storm = await attempts(door.url, "203.0.113.20", 12);
    expect(storm.filter((o) => o.ok)).toHaveLength(5);
    expect(storm.filter((o) => !o.ok)).toEqual(
      Array.from({ length: 7 }, () => ({ ok: false, status: 403, message: CONNECT_REFUSALS.rate })),
    );
    const asked = () => door.identified.map((h) => h.address);
    expect(asked()).toEqual(Array.from({ length: 5 }, () => "203.0.113.20"));

    // Over websocket alone, the refusal is a failed upgrade: the client cannot read why, but it is refused alike.
    expect(await attempt(door.url, "203.0.113.20", "websocket")).toMatchObject({ ok: false });
    const other = await attempt(door.url, "203.0.113.21");
    expect(other.ok).toBe(true);
    expect(asked()).toEqual([...Array.from({ length: 5 }, () => "203.0.113.20"), "203.0.113.21"]);
    closeAll([...storm, other]);
  });

  it("caps the connections one address holds open, and admits another once one closes", async () => {
    const door = await frontDoor({ burst: 10, perSecond: 0.01, open: 3 });
    doors.push(door);
    const held: Outcome[] = [];
    for (let i = 0; i < 3; i++) held.push(await attempt(door.url, "203.0.113.30"));
    expect(held.every((o) => o.ok)).toBe(true);
    expect(await attempt(door.url, "203.0.113.30")).toEqual({ ok: false, status: 403, message: CONNECT_REFUSALS.open });
    expect(door.identified).toHaveLength(3);

    closeAll(held.slice(0, 1));
    let again = await attempt(door.url, "203.0.113.30");
    // The server hears of the close a moment after the client sent it.
    for (let i = 0; i < 20 && !again.ok; i++) {
      await new Promise((r) => setTimeout(r, 100));
      again = await attempt(door.url, "203.0.113.30");
    }
    expect(again.ok).toBe(true);
    closeAll([...held, again]);
  });
});

describe("the connection limits of the real server, behind a proxy", () => {
  const app = useTestServer({ TRUST_PROXY: "true", CONNECT_BURST_PER_IP: "3", CONNECT_RATE_PER_IP: "0.01" });

  it("takes the address from X-Forwarded-For and tells the refused client why", async () => {
    const burst = await attempts(app.url, "198.51.100.40", 5);
    expect(burst.filter((o) => o.ok)).toHaveLength(3);
    const refused = {
      ok: false,
      status: 403,
      message: "Too many new connections from your address - wait a few seconds and try again",
    };
    expect(burst.filter((o) => !o.ok)).toEqual([refused, refused]);
    const elsewhere = await attempt(app.url, "198.51.100.41");
    expect(elsewhere.ok).toBe(true);
    closeAll([...burst, elsewhere]);
  });

  it("counts an IPv6 client by its /64, however the address is spelled, and another /64 apart", async () => {
    const home = ["2001:db8:40:1::a", "2001:DB8:40:1:0:0:0:B", "2001:db8:40:1:ffff::c%eth0", "2001:0db8:0040:0001::d"];
    const outcomes = [];
    for (const address of home) outcomes.push(await attempt(app.url, address));
    expect(outcomes.map((o) => o.ok)).toEqual([true, true, true, false]);
    expect(outcomes[3]).toMatchObject({ status: 403, message: CONNECT_REFUSALS.rate });
    const neighbour = await attempt(app.url, "2001:db8:40:2::a");
    expect(neighbour.ok).toBe(true);
    closeAll([...outcomes, neighbour]);
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4", async () => {
    const outcomes = [];
    for (const address of ["198.51.100.42", "::ffff:198.51.100.42", "::FFFF:c633:642a", "198.51.100.42"]) {
      outcomes.push(await attempt(app.url, address));
    }
    expect(outcomes.map((o) => o.ok)).toEqual([true, true, true, false]);
    closeAll(outcomes);
  });
});
