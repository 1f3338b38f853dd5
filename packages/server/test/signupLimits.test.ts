import { MESSAGES } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { http, useTestServer } from "./harness.ts";

// Two accounts an hour from one address: every request here comes from 127.0.0.1.
const app = useTestServer({ SIGNUP_LIMIT_PER_IP: "2" });

const create = (name: string, email = `${name.toLowerCase()}@example.com`) =>
  http(app.url, "POST", "/user/create", { body: { username: name, email, password: "s3cret-pass" } });

describe("sign-up limits per address", () => {
  it("count accounts made, not names found taken; then say the wait in words; tries are bounded too", async () => {
    expect((await create("Anna")).status).toBe(201);
    // Names someone has already: answered 409, and none of them uses up the address's allowance.
    for (const name of ["anna", "ANNA", "Anna"]) {
      const taken = await create(name, `${name}-other@example.com`);
      expect(taken.status).toBe(409);
      expect(taken.json.message).toBe(MESSAGES.usernameTaken);
    }
    expect((await create("Berta")).status).toBe(201);

    const third = await create("Carla");
    expect(third.status).toBe(429);
    expect(third.json.message).toMatch(/^Too many new accounts from your address - try again in (59|60) minutes$/);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(3_500);
    // Nothing was made by the refused try.
    const login = await http(app.url, "POST", "/user/login", { body: { username: "Carla", password: "s3cret-pass" } });
    expect(login.status).toBe(401);

    // Tries: five per account allowed (ten here), counted whatever their outcome; six are spent above.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await create("Anna", `probe${i}@example.com`)).status);
    expect(statuses).toEqual([409, 409, 409, 409, 429]);
    expect((await create("Anna", "probe5@example.com")).json.message).toMatch(/^Too many attempts - try again in/);
  });
});
