import { describe, expect, it } from "vitest";
import { type WaitingEvent, type WaitingState, waitingReducer } from "./waitingBadge.ts";

interface Item {
  id: number;
  name: string;
}
const reduce = waitingReducer<Item>((i) => i.id);
const empty: WaitingState<Item> = { waiting: [] };
const run = (...events: WaitingEvent<Item>[]) => events.reduce(reduce, empty);
const ann = { id: 3, name: "ann" };
const bob = { id: 5, name: "bob" };
const bobAgain = { id: 5, name: "bob (read again)" };

describe("waitingReducer", () => {
  it.each<[string, WaitingEvent<Item>[], string[]]>([
    ["the server's list, each key once", [{ type: "loaded", items: [ann, bob, bobAgain] }], ["ann", "bob"]],
    [
      "loaded again replaces what was there",
      [
        { type: "loaded", items: [ann] },
        { type: "loaded", items: [bob] },
      ],
      ["bob"],
    ],
    [
      "a new one over the socket",
      [
        { type: "loaded", items: [ann] },
        { type: "received", item: bob },
      ],
      ["ann", "bob"],
    ],
    [
      "the same key twice (two tabs, a reload) counts once",
      [
        { type: "received", item: bob },
        { type: "received", item: bobAgain },
      ],
      ["bob"],
    ],
    [
      "gone: every item picked",
      [
        { type: "loaded", items: [ann, bob] },
        { type: "gone", which: (i) => i.id === 3 },
      ],
      ["bob"],
    ],
    ["reset (logged out)", [{ type: "loaded", items: [ann] }, { type: "reset" }], []],
  ])("%s", (_, events, names) => {
    expect(run(...events).waiting.map((i) => i.name)).toEqual(names);
  });

  it("keeps the same state when nothing changes, so nothing re-renders", () => {
    const s = run({ type: "loaded", items: [bob] });
    expect(reduce(s, { type: "received", item: bobAgain })).toBe(s);
    expect(reduce(s, { type: "gone", which: (i) => i.id === 9 })).toBe(s);
    expect(reduce(empty, { type: "reset" })).toBe(empty);
  });
});
