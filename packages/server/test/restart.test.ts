import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, http, signupAndLogin, startTestServer } from "./harness.ts";

let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db?.drop();
});

it("keeps accounts and sessions across a restart", async () => {
  const first = await startTestServer(db.env);
  const { cookie } = await signupAndLogin(first.url, "Persistent");
  await first.close();

  const second = await startTestServer(db.env);
  try {
    expect((await http(second.url, "GET", "/user", { headers: { cookie } })).json.username).toBe("Persistent");
    const login = await http(second.url, "POST", "/user/login", {
      body: { username: "Persistent", password: "correct horse" },
    });
    expect(login.status).toBe(200);
  } finally {
    await second.close();
  }
});
