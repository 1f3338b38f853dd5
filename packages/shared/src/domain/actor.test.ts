import { describe, expect, it } from "vitest";
import { actorKey, sameActor } from "./actor.ts";

describe("actorKey", () => {
  it.each([
    [{ sessionId: "abc", userId: 7 }, "u:7"],
    [{ sessionId: "abc", userId: 0 }, "u:0"],
    [{ sessionId: "abc", userId: null }, "s:abc"],
  ])("keys %o as %s", (actor, key) => expect(actorKey(actor)).toBe(key));

  it("is the account for every session of it, the session for a guest", () => {
    expect(sameActor({ sessionId: "one", userId: 7 }, { sessionId: "two", userId: 7 })).toBe(true);
    expect(sameActor({ sessionId: "one", userId: null }, { sessionId: "one", userId: null })).toBe(true);
    expect(sameActor({ sessionId: "one", userId: null }, { sessionId: "two", userId: null })).toBe(false);
    expect(sameActor({ sessionId: "one", userId: 7 }, { sessionId: "one", userId: null })).toBe(false);
  });
});
