import { describe, expect, it } from "vitest";
import { toApiError } from "../http/errors.ts";
import { hasErrorCode, isDatabaseUnavailable, UNIQUE_VIOLATION } from "./unavailable.ts";

/** As Drizzle throws it: its own error, the driver's in `cause`. */
const wrapped = (cause: Error) => Object.assign(new Error("Failed query: select 1\nparams: "), { cause });
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["refused", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["reset", withCode("read ECONNRESET", "ECONNRESET")],
    ["lost mid-query", new Error("Connection terminated unexpectedly")],
    ["connect timeout", new Error("timeout exceeded when trying to connect")],
    ["broken client", new Error("Client has encountered a connection error and is not queryable")],
    ["admin shutdown", withCode("terminating connection due to administrator command", "57P01")],
    ["starting up", withCode("the database system is starting up", "57P03")],
    ["connection failure", withCode("connection failure", "08006")],
    ["statement timeout", withCode("canceling statement due to statement timeout", "57014")],
    ["no answer (a partition)", new Error("Query read timeout")],
    ["embedded database not answering", withCode("The embedded database did not answer within 5000 ms", "ETIMEDOUT")],
    ["Redis slow past the command timeout", new Error("Command timed out")],
    ["Redis connection closed", new Error("Connection is closed.")],
    ["Redis away, retries spent", new Error("Reached the max retries per request limit (which is 1). Refer to ...")],
  ])("%s, bare or wrapped by Drizzle", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ["unique violation", wrapped(withCode("duplicate key value", UNIQUE_VIOLATION))],
    ["syntax error", wrapped(withCode("syntax error", "42601"))],
    ["a bug", new TypeError("x is undefined")],
    ["not an error", "oops"],
  ])("%s is not", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("finds a code through Drizzle's wrapping", () => {
    expect(hasErrorCode(wrapped(withCode("duplicate key value", UNIQUE_VIOLATION)), UNIQUE_VIOLATION)).toBe(true);
    expect(hasErrorCode(wrapped(new Error("Connection terminated unexpectedly")), UNIQUE_VIOLATION)).toBe(false);
  });

  it("makes HTTP answer 503 with a retryable message, other failures 500", () => {
    const down = toApiError(wrapped(new Error("Connection terminated unexpectedly")));
    expect(down).toMatchObject({ status: 503, body: { code: "unavailable" }, headers: { "retry-after": "2" } });
    expect(down.body.message).toMatch(/try again/);
    expect(toApiError(new TypeError("x is undefined")).status).toBe(500);
  });
});
