import { MESSAGES } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { connect, http, signupAndLogin, useTestServer } from "./harness.ts";

const app = useTestServer();

const user = (name: string, extra: Record<string, unknown> = {}) => ({
  username: name,
  email: `${name.toLowerCase()}@example.com`,
  password: "s3cret-pass",
  ...extra,
});

describe("POST /user/create", () => {
  it("creates an account", async () => {
    const res = await http(app.url, "POST", "/user/create", { body: user("Alice") });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ username: "Alice", successMsg: MESSAGES.accountCreated });
  });

  it("refuses a username taken in another case, and a taken e-mail, with 409", async () => {
    await http(app.url, "POST", "/user/create", { body: user("Bobby") });
    const sameName = await http(app.url, "POST", "/user/create", {
      body: user("bOBBY", { email: "other@example.com" }),
    });
    expect(sameName.status).toBe(409);
    expect(sameName.json.message).toBe(MESSAGES.usernameTaken);
    const sameEmail = await http(app.url, "POST", "/user/create", {
      body: user("Robert", { email: "BOBBY@example.com" }),
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.json.message).toBe(MESSAGES.emailTaken);
  });

  it.each([
    [{ ...user("carol"), email: "not-an-email" }, MESSAGES.invalidEmail],
    [{ ...user("carol"), email: "a@b.c" }, MESSAGES.invalidEmail],
    [{ ...user("carol"), password: "short" }, MESSAGES.passwordTooShort],
    [{ ...user("carol"), password: "        " }, MESSAGES.passwordTooShort],
    [{ ...user("carol"), username: "x" }, MESSAGES.invalidUsername],
    [{ ...user("carol"), username: "robert'); DROP TABLE users;--" }, MESSAGES.invalidUsername],
    [{ ...user("carol"), username: "Guest-1234" }, MESSAGES.reservedUsername],
    [{ ...user("carol"), username: "guest_star" }, MESSAGES.reservedUsername],
    [{ ...user("carol"), username: 42 }, "Username is required"],
    [{ email: "c@example.com", password: "s3cret-pass" }, "Username is required"],
  ])("answers 400 with a clear message for %j", async (body, message) => {
    const res = await http(app.url, "POST", "/user/create", { body });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("validation");
    expect(String(res.json.message)).toContain(message);
    if (message.length > 10) expect(res.json.message).toBe(message);
  });
});

describe("login, current user and logout", () => {
  it("logs in case-insensitively with a fresh HttpOnly SameSite=Lax cookie each time", async () => {
    await http(app.url, "POST", "/user/create", { body: user("Dave") });
    const first = await http(app.url, "POST", "/user/login", { body: { username: "dave", password: "s3cret-pass" } });
    expect(first.status).toBe(200);
    expect(first.json.username).toBe("Dave");
    const cookie = first.headers.get("set-cookie") ?? "";
    expect(cookie).toContain(`sid=${first.json.sessionId}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const second = await http(app.url, "POST", "/user/login", { body: { username: "Dave", password: "s3cret-pass" } });
    expect(second.json.sessionId).not.toBe(first.json.sessionId);
    expect(String(first.json.sessionId).length).toBeGreaterThanOrEqual(22);
  });

  it("GET /user answers the account by cookie or by Session-ID header, 401 otherwise", async () => {
    const { sessionId, cookie } = await signupAndLogin(app.url, "Erin");
    expect((await http(app.url, "GET", "/user", { headers: { cookie } })).json).toEqual({
      username: "Erin",
      isLoggedIn: true,
    });
    expect((await http(app.url, "GET", "/user", { headers: { "session-id": sessionId } })).json.username).toBe("Erin");
    const anonymous = await http(app.url, "GET", "/user");
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.message).toBe(MESSAGES.notLoggedIn);
    expect((await http(app.url, "GET", "/user", { headers: { cookie: "sid=forged" } })).status).toBe(401);
  });

  it("gives one generic 401 for a wrong password and for an unknown user", async () => {
    await http(app.url, "POST", "/user/create", { body: user("Frank") });
    const wrong = await http(app.url, "POST", "/user/login", { body: { username: "Frank", password: "nope-nope" } });
    const unknown = await http(app.url, "POST", "/user/login", {
      body: { username: "Nobody99", password: "nope-nope" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json.message).toBe(MESSAGES.badCredentials);
    expect(unknown.json.message).toBe(wrong.json.message);
  });

  it("logout ends the session on the server", async () => {
    const { cookie } = await signupAndLogin(app.url, "Grace");
    const out = await http(app.url, "POST", "/user/logout", { headers: { cookie } });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/sid=;/);
    expect((await http(app.url, "GET", "/user", { headers: { cookie } })).status).toBe(401);
  });

  it("rate limits wrong passwords per account with Retry-After, and leaves other accounts alone", async () => {
    await http(app.url, "POST", "/user/create", { body: user("Heidi") });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 20; i++) {
      const res = await http(app.url, "POST", "/user/login", { body: { username: "Heidi", password: `wrong-${i}` } });
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers.get("retry-after");
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Even the right password waits for the window: no guessing through.
    expect(
      (await http(app.url, "POST", "/user/login", { body: { username: "Heidi", password: "s3cret-pass" } })).status,
    ).toBe(429);
    await signupAndLogin(app.url, "Ivan");
  });
});

describe("GET /user/temp-username", () => {
  it("gives a guest session a stable guest name", async () => {
    const { socket, session } = await connect(app.url);
    socket.close();
    expect(session.isGuest).toBe(true);
    const a = await http(app.url, "GET", "/user/temp-username", { headers: { "session-id": session.sessionId } });
    const b = await http(app.url, "GET", "/user/temp-username", { headers: { "session-id": session.sessionId } });
    expect(a.json.username).toMatch(/^Guest-\d{4}$/);
    expect(b.json.username).toBe(a.json.username);
    expect(a.json.username).toBe(session.username);
  });

  it("answers 400 without the header and 401 for an unknown session", async () => {
    expect((await http(app.url, "GET", "/user/temp-username")).status).toBe(400);
    const unknown = await http(app.url, "GET", "/user/temp-username", { headers: { "session-id": "nope" } });
    expect(unknown.status).toBe(401);
    expect(unknown.json.message).toBe(MESSAGES.unknownSession);
  });
});

describe("realtime identity", () => {
  it("creates a guest session for a socket without one and keeps it on reconnect", async () => {
    const first = await connect(app.url);
    first.socket.close();
    const again = await connect(app.url, { sessionId: first.session.sessionId });
    again.socket.close();
    expect(again.session).toEqual(first.session);
    const forged = await connect(app.url, { sessionId: "not-a-session" });
    forged.socket.close();
    expect(forged.session.sessionId).not.toBe("not-a-session");
    expect(forged.session.isGuest).toBe(true);
  });

  it("knows a logged-in user by cookie or by auth.sessionId", async () => {
    const { sessionId, cookie } = await signupAndLogin(app.url, "Judy");
    const byCookie = await connect(app.url, { cookie });
    const byAuth = await connect(app.url, { sessionId });
    byCookie.socket.close();
    byAuth.socket.close();
    expect(byCookie.session).toEqual({ sessionId, username: "Judy", isGuest: false });
    expect(byAuth.session.username).toBe("Judy");
  });

  it("disconnects a session's sockets at logout", async () => {
    const { sessionId, cookie } = await signupAndLogin(app.url, "Ken");
    const { socket } = await connect(app.url, { sessionId });
    const gone = new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));
    await http(app.url, "POST", "/user/logout", { headers: { cookie } });
    expect(await gone).toBe("io server disconnect");
  });

  it("refuses a handshake from a foreign Origin", async () => {
    await expect(connect(app.url, { origin: "https://evil.example" })).rejects.toThrow();
    const ours = await connect(app.url, { origin: app.url });
    ours.socket.close();
  });
});

describe("POST /user/password", () => {
  const change = (cookie: string, body: unknown) =>
    http(app.url, "POST", "/user/password", { headers: { cookie }, body });
  const login = (username: string, password: string) =>
    http(app.url, "POST", "/user/login", { body: { username, password } });

  it("refuses a wrong current password with 401 and changes nothing", async () => {
    const { cookie } = await signupAndLogin(app.url, "Lena");
    const res = await change(cookie, { currentPassword: "not-my-pass", newPassword: "brand-new-pass" });
    expect([res.status, res.json.message]).toEqual([401, MESSAGES.wrongCurrentPassword]);
    expect((await login("Lena", "brand-new-pass")).status).toBe(401);
    expect((await login("Lena", "correct horse")).status).toBe(200);
    expect((await http(app.url, "GET", "/user", { headers: { cookie } })).status).toBe(200);
  });

  it("holds the new password to sign-up's rules, and to differ from the current one", async () => {
    const { cookie } = await signupAndLogin(app.url, "Mona");
    for (const [newPassword, message] of [
      ["short", MESSAGES.passwordTooShort],
      ["         ", MESSAGES.passwordTooShort],
      ["correct horse", MESSAGES.samePassword],
    ]) {
      const res = await change(cookie, { currentPassword: "correct horse", newPassword });
      expect([res.status, res.json.message]).toEqual([400, message]);
    }
    expect((await login("Mona", "correct horse")).status).toBe(200);
  });

  it("answers 400 to a malformed body", async () => {
    const { cookie } = await signupAndLogin(app.url, "Nina");
    for (const body of [
      {},
      { currentPassword: "correct horse" },
      { currentPassword: 1, newPassword: "brand-new-pass" },
    ]) {
      expect((await change(cookie, body)).status).toBe(400);
    }
    const raw = await http(app.url, "POST", "/user/password", {
      headers: { cookie, "content-type": "application/json" },
      rawBody: "{not json",
    });
    expect(raw.status).toBe(400);
  });

  it("answers 401 to a guest and to nobody", async () => {
    const { session, socket } = await connect(app.url);
    socket.close();
    const body = { currentPassword: "correct horse", newPassword: "brand-new-pass" };
    const asGuest = await http(app.url, "POST", "/user/password", {
      headers: { "session-id": session.sessionId },
      body,
    });
    expect([asGuest.status, asGuest.json.message]).toEqual([401, MESSAGES.notLoggedIn]);
    expect((await http(app.url, "POST", "/user/password", { body })).status).toBe(401);
  });

  it("changes the password, ends the account's other sessions and keeps the caller's", async () => {
    const { cookie } = await signupAndLogin(app.url, "Omar");
    const other = await login("Omar", "correct horse");
    const otherCookie = `sid=${other.json.sessionId}`;
    const { socket } = await connect(app.url, { cookie: otherCookie });
    const gone = new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));

    const res = await change(cookie, { currentPassword: "correct horse", newPassword: "brand-new-pass" });
    expect([res.status, res.json]).toEqual([200, { successMsg: MESSAGES.passwordChanged }]);
    expect(await gone).toBe("io server disconnect");
    expect((await http(app.url, "GET", "/user", { headers: { cookie: otherCookie } })).status).toBe(401);
    expect((await http(app.url, "GET", "/user", { headers: { cookie } })).json.username).toBe("Omar");
    expect((await login("Omar", "correct horse")).status).toBe(401);
    expect((await login("Omar", "brand-new-pass")).status).toBe(200);
  });

  it("counts wrong current passwords like wrong logins, and a right one starts the count again", async () => {
    const { cookie } = await signupAndLogin(app.url, "Pia");
    const wrong = () => change(cookie, { currentPassword: "not-my-pass", newPassword: "brand-new-pass" });
    for (let i = 0; i < 9; i++) expect((await wrong()).status).toBe(401);
    const right = await change(cookie, { currentPassword: "correct horse", newPassword: "brand-new-pass" });
    expect(right.status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await wrong()).status).toBe(401);
    const limited = await wrong();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // The allowance is the login's: guessing here leaves no fresh guesses there.
    expect((await login("Pia", "brand-new-pass")).status).toBe(429);
  });
});
