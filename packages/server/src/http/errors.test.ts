import { describe, expect, it } from "vitest";
import { tooManyRequests, waitInWords } from "./errors.ts";

describe("waitInWords", () => {
  it.each([
    [0.2, "1 second"],
    [1, "1 second"],
    [40, "40 seconds"],
    [59, "59 seconds"],
    [60, "1 minute"],
    [61, "2 minutes"],
    [3187, "54 minutes"],
    [3600, "60 minutes"],
    [90 * 60, "90 minutes"],
    [90 * 60 + 1, "about 2 hours"],
    [3 * 3600, "about 3 hours"],
  ])("%s s reads %s", (seconds, words) => {
    expect(waitInWords(seconds)).toBe(words);
  });
});

describe("tooManyRequests", () => {
  it("says the wait in words and gives Retry-After in whole seconds", () => {
    const e = tooManyRequests(3_186_200);
    expect(e.statusCode).toBe(429);
    expect(e.message).toBe("Too many attempts - try again in 54 minutes");
    expect(e.headers).toEqual({ "retry-after": "3187" });
    expect(tooManyRequests(30_000, "Too many new accounts from your address").message).toBe(
      "Too many new accounts from your address - try again in 30 seconds",
    );
  });
});
