import { describe, expect, it } from "vitest";
import { settledWithin } from "./settledWithin.ts";

describe("settledWithin", () => {
  it("gives the value of a promise that settles in time", async () => {
    await expect(settledWithin(Promise.resolve(3), 100)).resolves.toBe(3);
  });

  it("gives undefined for one that fails or takes too long", async () => {
    await expect(settledWithin(Promise.reject(new Error("database away")), 100)).resolves.toBeUndefined();
    const started = Date.now();
    await expect(settledWithin(new Promise(() => {}), 30)).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
