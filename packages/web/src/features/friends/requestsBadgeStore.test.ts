import { describe, expect, it } from "vitest";
import { createRequestsBadgeStore, requestDenied, requestsLabel, requestWithdrawn } from "./requestsBadgeStore.ts";

const ann = { inviterId: 3, inviterName: "Ann" };
const bob = { inviterId: 5, inviterName: "bob" };

describe("the friend requests badge", () => {
  it.each([
    ["withdrawn by its sender", requestWithdrawn(3), ["bob"]],
    ["denied, the name in any case", requestDenied("ann"), ["bob"]],
    ["one I never had goes", requestWithdrawn(9), ["Ann", "bob"]],
    ["a denial of someone else", requestDenied("carl"), ["Ann", "bob"]],
  ])("%s", (_, event, names) => {
    const store = createRequestsBadgeStore();
    store.dispatch({ type: "loaded", items: [ann, bob, { ...ann, inviterName: "ann again" }] });
    store.dispatch(event);
    expect(store.getState().waiting.map((r) => r.inviterName)).toEqual(names);
  });

  it.each([
    [1, "1 friend request"],
    [2, "2 friend requests"],
  ])("labels %d as %s", (n, text) => {
    expect(requestsLabel(n)).toBe(text);
  });
});
