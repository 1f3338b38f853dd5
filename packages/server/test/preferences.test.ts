import { DEFAULT_PREFERENCES, MESSAGES } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { connect, http, signupAndLogin, useTestServer } from "./harness.ts";

const app = useTestServer();

const asUser = (cookie: string, method: string, body?: unknown) =>
  http(app.url, method, "/user/preferences", { headers: { cookie, origin: app.url }, body });

describe("GET and PUT /user/preferences", () => {
  it("gives an account the defaults until it saves, then keeps each saved field", async () => {
    const { cookie } = await signupAndLogin(app.url, "prefsOne");
    const fresh = await asUser(cookie, "GET");
    expect(fresh.status).toBe(200);
    expect(fresh.json).toEqual({ preferences: DEFAULT_PREFERENCES, updatedAt: null });

    const saved = await asUser(cookie, "PUT", { theme: "dark", boardColors: "blue" });
    expect(saved.status).toBe(200);
    expect(saved.json.preferences).toEqual({ ...DEFAULT_PREFERENCES, theme: "dark", boardColors: "blue" });
    expect(saved.json.updatedAt).toEqual(expect.any(Number));

    // A later save of other fields leaves the earlier ones alone.
    await asUser(cookie, "PUT", { soundVolume: 35, soundSet: "chime", showCoordinates: false });
    const read = await asUser(cookie, "GET");
    expect(read.json.preferences).toEqual({
      ...DEFAULT_PREFERENCES,
      theme: "dark",
      boardColors: "blue",
      soundVolume: 35,
      soundSet: "chime",
      showCoordinates: false,
    });
  });

  it("keeps each account's preferences apart, and concurrent saves of different fields both land", async () => {
    const a = await signupAndLogin(app.url, "prefsA");
    const b = await signupAndLogin(app.url, "prefsB");
    await Promise.all([
      asUser(a.cookie, "PUT", { theme: "light" }),
      asUser(a.cookie, "PUT", { pieceSet: "simple" }),
      asUser(a.cookie, "PUT", { animation: "slow" }),
    ]);
    expect((await asUser(a.cookie, "GET")).json.preferences).toMatchObject({
      theme: "light",
      pieceSet: "simple",
      animation: "slow",
    });
    expect((await asUser(b.cookie, "GET")).json).toEqual({ preferences: DEFAULT_PREFERENCES, updatedAt: null });
  });

  it.each([
    [{ theme: "neon" }, "theme must be system, light or dark"],
    [{ soundVolume: 250 }, "soundVolume must be 0 to 100"],
    [{ showCoordinates: "no" }, "showCoordinates must be true or false"],
    [{ fontSize: 20 }, "Unknown preference: fontSize"],
    [["dark"], "Preferences must be a JSON object"],
  ])("refuses %j with 400 and changes nothing", async (body, message) => {
    const { cookie } = await signupAndLogin(app.url, `prefsBad${Math.random().toString(36).slice(2, 8)}`);
    const res = await asUser(cookie, "PUT", body);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message, code: "validation" });
    expect((await asUser(cookie, "GET")).json.updatedAt).toBeNull();
  });

  it("refuses a body that is not JSON", async () => {
    const { cookie } = await signupAndLogin(app.url, "prefsRaw");
    const res = await http(app.url, "PUT", "/user/preferences", {
      headers: { cookie, origin: app.url, "content-type": "application/json" },
      rawBody: "{theme: dark",
    });
    expect(res.status).toBe(400);
  });

  it("answers 401 to guests and to callers without a session", async () => {
    const { socket, session } = await connect(app.url);
    expect(session.isGuest).toBe(true);
    const guest = { "session-id": session.sessionId, origin: app.url };
    const get = await http(app.url, "GET", "/user/preferences", { headers: guest });
    expect(get.status).toBe(401);
    expect(get.json.message).toBe(MESSAGES.notLoggedIn);
    const put = await http(app.url, "PUT", "/user/preferences", { headers: guest, body: { theme: "dark" } });
    expect(put.status).toBe(401);
    socket.close();
    for (const cookie of ["", "sid=not-a-session"]) {
      expect((await asUser(cookie, "GET")).status).toBe(401);
      expect((await asUser(cookie, "PUT", { theme: "dark" })).status).toBe(401);
    }
  });

  it("refuses a save from another site's page", async () => {
    const { cookie } = await signupAndLogin(app.url, "prefsCsrf");
    const res = await http(app.url, "PUT", "/user/preferences", {
      headers: { cookie, origin: "https://evil.example" },
      body: { theme: "dark" },
    });
    expect(res.status).toBe(403);
    expect((await asUser(cookie, "GET")).json.updatedAt).toBeNull();
  });
});
