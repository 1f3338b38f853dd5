import { describe, expect, it } from "vitest";
import { HttpError } from "./errors.ts";
import { createStopping, RESTARTING_MESSAGE } from "./stopping.ts";

const never = () => new Promise<never>(() => {});

describe("createStopping", () => {
  it("passes the work's value and error through while the node runs", async () => {
    const stopping = createStopping();
    await expect(stopping.race(Promise.resolve(7))).resolves.toBe(7);
    await expect(stopping.race(Promise.reject(new Error("engine failed")))).rejects.toThrow("engine failed");
    expect(stopping.stopped).toBe(false);
  });

  it("answers a retryable 503 to waits in progress when the stop begins", async () => {
    const stopping = createStopping();
    const waiting = stopping.race(never());
    stopping.stop();
    const error = await waiting.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 503, code: "restarting", message: RESTARTING_MESSAGE });
    expect((error as HttpError).headers["retry-after"]).toMatch(/^\d+$/);
  });

  it("refuses at once once stopped, and a late failure of the work is not left unhandled", async () => {
    const stopping = createStopping();
    stopping.stop();
    let fail: (e: Error) => void = () => {};
    const work = new Promise<never>((_, reject) => {
      fail = reject;
    });
    await expect(stopping.race(work)).rejects.toMatchObject({ statusCode: 503 });
    fail(new Error("engine pool is closed"));
    await new Promise((r) => setTimeout(r, 10));
    expect(stopping.stopped).toBe(true);
  });

  it("a wait that ends before the stop is not told of it", async () => {
    const stopping = createStopping();
    const done = await stopping.race(Promise.resolve("analysis"));
    stopping.stop();
    expect(done).toBe("analysis");
  });
});
