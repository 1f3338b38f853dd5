import { fail } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { ok, rateLimited } from "../util/result.ts";
import { HttpError, tooManyRequests, unwrap } from "./errors.ts";

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

describe("unwrap", () => {
  it("gives a success's data", () => {
    expect(unwrap(ok({ id: 3 }))).toEqual({ id: 3 });
    expect(unwrap(ok())).toBeUndefined();
  });

  it.each([
    ["validation", 400],
    ["unauthorized", 401],
    ["forbidden", 403],
    ["not_found", 404],
    ["conflict", 409],
    ["busy", 409],
  ])("throws a %s refusal as a %i with its code and text", (code, status) => {
    const thrown = (() => {
      try {
        unwrap(fail(code, "Why not"));
      } catch (e) {
        return e;
      }
    })();
    expect(thrown).toBeInstanceOf(HttpError);
    expect(thrown).toMatchObject({ statusCode: status, code, message: "Why not", headers: {} });
  });

  it("throws a rate limit as a 429 with Retry-After", () => {
    expect(() => unwrap(rateLimited(1_500))).toThrow(
      expect.objectContaining({ statusCode: 429, headers: { "retry-after": "2" } }),
    );
  });
});
