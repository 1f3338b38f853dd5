import { io } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { http, useTestServer } from "./harness.ts";

/** Behind a proxy (TRUST_PROXY), each request names its client's address in X-Forwarded-For. */
const app = useTestServer({ TRUST_PROXY: "true", GUEST_SESSIONS_PER_IP: "5" });
const from = (address: string) => ({ "x-forwarded-for": address });

function guestFrom(address: string): Promise<{ ok: true; sessionId: string } | { ok: false; message: string }> {
  const socket = io(app.url, {
    transports: ["websocket"],
    extraHeaders: from(address),
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve) => {
    socket.once("session", (s: { sessionId: string }) => {
      socket.close();
      resolve({ ok: true, sessionId: s.sessionId });
    });
    socket.once("connect_error", (err) => {
      socket.close();
      resolve({ ok: false, message: err.message });
    });
  });
}

describe("throttles that stop the attacker's address, not the owner", () => {
  it("throttles wrong passwords from one address while the owner logs in from another", async () => {
    const owner = { username: "Olga", email: "olga@example.com", password: "s3cret-pass" };
    expect((await http(app.url, "POST", "/user/create", { body: owner })).status).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await http(app.url, "POST", "/user/login", {
        body: { username: "Olga", password: `guess-${i}` },
        headers: from("203.0.113.9"),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    // The attacker's address stays throttled even with the right password; the owner's does not.
    const attacker = await http(app.url, "POST", "/user/login", {
      body: { username: "Olga", password: owner.password },
      headers: from("203.0.113.9"),
    });
    expect(attacker.status).toBe(429);
    const real = await http(app.url, "POST", "/user/login", {
      body: { username: "Olga", password: owner.password },
      headers: from("198.51.100.7"),
    });
    expect(real.status).toBe(200);
  });

  it("counts the addresses of one IPv6 /64 as one, for guest sessions and for logins", async () => {
    const results = [];
    for (let i = 1; i <= 6; i++) results.push(await guestFrom(`2001:db8:50:1::${i.toString(16)}`));
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true, true, false]);
    expect((await guestFrom("2001:db8:50:2::1")).ok).toBe(true);

    const owner = { username: "Vera", email: "vera@example.com", password: "s3cret-pass" };
    expect((await http(app.url, "POST", "/user/create", { body: owner })).status).toBe(201);
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) {
      const res = await http(app.url, "POST", "/user/login", {
        body: { username: "Vera", password: `guess-${i}` },
        headers: from(`2001:db8:60:1:${i.toString(16)}::1`),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const real = await http(app.url, "POST", "/user/login", {
      body: { username: "Vera", password: owner.password },
      headers: from("2001:db8:60:2::1"),
    });
    expect(real.status).toBe(200);
  });

  it("opens a limited number of guest sessions per address, and says why it refuses the next", async () => {
    const results = [];
    for (let i = 0; i < 7; i++) results.push(await guestFrom("203.0.113.50"));
    expect(results.slice(0, 5).every((r) => r.ok)).toBe(true);
    expect(results.slice(5)).toEqual([
      { ok: false, message: "Too many new guest sessions from your address - log in, or try again later" },
      { ok: false, message: "Too many new guest sessions from your address - log in, or try again later" },
    ]);
    // Others are unaffected, and a known guest session still reconnects from the busy address.
    expect((await guestFrom("203.0.113.51")).ok).toBe(true);
    const first = results[0];
    if (!first?.ok) throw new Error("unreachable");
    const again = io(app.url, {
      transports: ["websocket"],
      extraHeaders: from("203.0.113.50"),
      auth: { sessionId: first.sessionId },
      reconnection: false,
      forceNew: true,
    });
    const session = await new Promise<{ sessionId: string }>((resolve, reject) => {
      again.once("session", resolve);
      again.once("connect_error", reject);
    });
    again.close();
    expect(session.sessionId).toBe(first.sessionId);
  });
});
