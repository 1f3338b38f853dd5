import { beforeAll, describe, expect, it } from "vitest";
import { type AccountsRepo, createAccountsRepo } from "../src/areas/accounts/accountsRepo.ts";
import { useTestDatabase } from "./harness.ts";

/** New sessions of one event-loop turn are written together (a burst of new guests), on either database. */
const test = useTestDatabase();
let repo: AccountsRepo;

beforeAll(() => {
  repo = createAccountsRepo(test.database.db);
});

describe("session writes", () => {
  it("stores a burst of guests' and a user's sessions, each readable at once", async () => {
    const created = await repo.insertUser({ username: "burst_user", email: "burst@example.com", passwordHash: "x" });
    if (!created.ok) throw new Error("user not created");
    const rows = [
      ...Array.from({ length: 50 }, (_, i) => ({ id: `guest-${i}`, userId: null, guestName: `Guest${i}` })),
      { id: "user-session", userId: created.id, guestName: "Anonymous1" },
    ];
    await Promise.all(rows.map((r) => repo.insertSession(r)));
    expect(await repo.findSession("guest-49")).toMatchObject({ userId: null, guestName: "Guest49" });
    expect(await repo.findSession("user-session")).toMatchObject({ userId: created.id, username: "burst_user" });
  });

  it("refuses only the bad row of a batch: the others' sessions are stored", async () => {
    const results = await Promise.allSettled([
      repo.insertSession({ id: "ok-1", userId: null, guestName: "A" }),
      // No such account: the foreign key refuses this one row.
      repo.insertSession({ id: "orphan", userId: 987_654, guestName: "B" }),
      repo.insertSession({ id: "ok-2", userId: null, guestName: "C" }),
      // Taken by the first test.
      repo.insertSession({ id: "guest-0", userId: null, guestName: "D" }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected"]);
    expect(await repo.findSession("ok-1")).toBeDefined();
    expect(await repo.findSession("ok-2")).toBeDefined();
    expect(await repo.findSession("orphan")).toBeUndefined();
    expect(await repo.findSession("guest-0")).toMatchObject({ guestName: "Guest0" });
  });
});
