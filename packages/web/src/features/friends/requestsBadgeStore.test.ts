import { describe, expect, it } from "vitest";
import {
  initialRequestsBadge,
  type RequestsBadgeEvent,
  type RequestsBadgeState,
  requestsBadgeReducer,
  requestsLabel,
} from "./requestsBadgeStore.ts";

const run = (...events: RequestsBadgeEvent[]): RequestsBadgeState =>
  events.reduce(requestsBadgeReducer, initialRequestsBadge);
const ann = { inviterId: 3, inviterName: "Ann" };
const bob = { inviterId: 5, inviterName: "bob" };

describe("requestsBadgeReducer", () => {
  it.each<[string, RequestsBadgeEvent[], string[]]>([
    ["loaded from the server", [{ type: "loaded", requests: [ann, bob, ann] }], ["Ann", "bob"]],
    [
      "a new one over the socket",
      [
        { type: "loaded", requests: [ann] },
        { type: "received", request: bob },
      ],
      ["Ann", "bob"],
    ],
    [
      "the same one twice (two tabs, a reload)",
      [
        { type: "received", request: bob },
        { type: "received", request: bob },
      ],
      ["bob"],
    ],
    [
      "withdrawn by its sender",
      [
        { type: "loaded", requests: [ann, bob] },
        { type: "withdrawn", inviterId: 3 },
      ],
      ["bob"],
    ],
    [
      "denied, the name in any case",
      [
        { type: "loaded", requests: [ann, bob] },
        { type: "denied", friendName: "ann" },
      ],
      ["bob"],
    ],
    [
      "one I never had goes",
      [
        { type: "loaded", requests: [bob] },
        { type: "withdrawn", inviterId: 9 },
      ],
      ["bob"],
    ],
    ["logged out", [{ type: "loaded", requests: [bob] }, { type: "reset" }], []],
  ])("%s", (_, events, names) => {
    expect(run(...events).waiting.map((r) => r.inviterName)).toEqual(names);
  });

  it("keeps the same state when nothing changes, so nothing re-renders", () => {
    const s = run({ type: "loaded", requests: [bob] });
    expect(requestsBadgeReducer(s, { type: "received", request: bob })).toBe(s);
    expect(requestsBadgeReducer(s, { type: "withdrawn", inviterId: 1 })).toBe(s);
    expect(requestsBadgeReducer(s, { type: "denied", friendName: "carl" })).toBe(s);
    expect(requestsBadgeReducer(initialRequestsBadge, { type: "reset" })).toBe(initialRequestsBadge);
  });

  it.each([
    [1, "1 friend request"],
    [2, "2 friend requests"],
  ])("labels %d as %s", (n, text) => {
    expect(requestsLabel(n)).toBe(text);
  });
});
