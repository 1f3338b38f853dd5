import { describe, expect, it } from "vitest";
import { http, useTestServer } from "./harness.ts";

const app = useTestServer();

describe("bad input gets a clear 4xx JSON answer and the server stays up", () => {
  const json = { "content-type": "application/json" };

  it.each([
    ["malformed JSON", { rawBody: "{not json", headers: json }, 400],
    ["an empty JSON body", { rawBody: "", headers: json }, 400],
    ["a JSON array", { body: [1, 2, 3] }, 400],
    ["null", { rawBody: "null", headers: json }, 400],
    ["a wrong content type", { rawBody: "username=a", headers: { "content-type": "text/xml" } }, 415],
    ["a 1 MB body", { rawBody: JSON.stringify({ username: "a".repeat(1_000_000) }), headers: json }, 413],
  ])("POST /user/create with %s → %i", async (_name, opts, status) => {
    const res = await http(app.url, "POST", "/user/create", opts);
    expect(res.status).toBe(status);
    expect(typeof res.json.message).toBe("string");
    expect(String(res.json.message).length).toBeGreaterThan(0);
  });

  it("treats SQL-looking credentials as plain text", async () => {
    const res = await http(app.url, "POST", "/user/login", {
      body: { username: "' OR '1'='1", password: "' OR '1'='1' --" },
    });
    expect(res.status).toBe(401);
  });

  it("refuses a state-changing request from a foreign Origin with 403", async () => {
    const res = await http(app.url, "POST", "/user/login", {
      body: { username: "someone", password: "whatever1" },
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe("Cross-origin request refused");
    const same = await http(app.url, "POST", "/user/logout", { headers: { origin: app.url } });
    expect(same.status).toBe(200);
  });

  it("answers unknown API paths with 404 JSON", async () => {
    const res = await http(app.url, "GET", "/no/such/route");
    expect(res.status).toBe(404);
    expect(res.json.code).toBe("not_found");
  });

  it("is still healthy after all of it", async () => {
    const res = await http(app.url, "GET", "/health");
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("ok");
  });
});
