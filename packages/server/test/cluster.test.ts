import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, http, redisEnv, signupAndLogin, startTestServer, type TestServer } from "./harness.ts";
import { registered } from "./players.ts";

// Two nodes need a database both can reach (PGlite is one process's) and Redis between them.
const scaled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
let nodes: TestServer[] = [];
let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

beforeAll(async () => {
  if (!scaled) return;
  db = await createTestDatabase();
  const shared = redisEnv(`cluster${process.pid}`);
  nodes = [await startTestServer({ ...db.env, ...shared }), await startTestServer({ ...db.env, ...shared })];
  // Each node counts the other once it has read its heartbeat from the stream.
  const deadline = Date.now() + 15_000;
  for (const n of nodes) {
    while (Number((await http(n.url, "GET", "/health")).json.nodes) < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
});

afterAll(async () => {
  for (const n of nodes) await n.close();
  await db?.drop();
});

describe.runIf(scaled)("two nodes on PostgreSQL and Redis", () => {
  it("share login rate limits: wrong passwords on one node count on the other", async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    await signupAndLogin(a.url, "Twonode");
    for (let i = 0; i < 10; i++) {
      const res = await http(i % 2 ? a.url : b.url, "POST", "/user/login", {
        body: { username: "Twonode", password: `nope-${i}` },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await http(b.url, "POST", "/user/login", {
      body: { username: "Twonode", password: "correct horse" },
    });
    expect(blocked.status).toBe(429);
    const health = await http(a.url, "GET", "/health");
    expect(health.json).toMatchObject({ redis: "ready", nodes: 2 });
  });

  it("deliver an event raised on one node to a player connected to the other", async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const admin = await registered(a.url, "nodeA");
    const invitee = await registered(b.url, "nodeB");
    const created = await http(a.url, "POST", "/club/create", {
      headers: { cookie: admin.cookie ?? "" },
      body: { clubName: `Across ${admin.name}` },
    });
    const toast = invitee.next("clubInvitationReceived");
    const invited = await http(a.url, "POST", "/club/invite", {
      headers: { cookie: admin.cookie ?? "" },
      body: { clubId: created.json.clubId, inviteeUsername: invitee.name },
    });
    expect(invited.status).toBe(200);
    expect((await toast).inviter).toBe(admin.name);
    admin.socket.close();
    invitee.socket.close();
  });
});

it.skipIf(scaled)("needs DATABASE_URL and REDIS_URL for the two-node tests (CI sets both)", () => {});
