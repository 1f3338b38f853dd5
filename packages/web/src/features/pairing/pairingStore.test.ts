import { type LobbyCounts, POOLS, type Pool } from "@chess/shared";
import { describe, expect, it } from "vitest";
import {
  countText,
  initialPairing,
  type PairingAction,
  pairingReducer,
  poolTile,
  searchingAlone,
  waitingHint,
} from "./pairingStore.ts";

const counts = (waiting32: number, playing32 = 0, offers32 = 0): LobbyCounts => ({
  playersOnline: 5,
  gamesInPlay: 2,
  pools: POOLS.map((p) => ({
    poolId: p.id,
    waiting: p.id === "3+2" ? waiting32 : 0,
    playing: p.id === "3+2" ? playing32 : 0,
    offers: p.id === "3+2" ? offers32 : 0,
  })),
});
const blitz = POOLS.find((p) => p.id === "3+2") as Pool;
const bullet = POOLS[0] as Pool;
const run = (...actions: PairingAction[]) => actions.reduce(pairingReducer, initialPairing);

describe("pairingReducer", () => {
  it("starts knowing nothing, then shows what watching answered, with my own pool", () => {
    expect(poolTile(initialPairing, blitz)).toEqual({ waiting: 0, playing: 0, searching: false, pending: false });
    const s = run({ type: "watched", view: { ...counts(1, 4), myPool: { poolId: "3+2", mixed: true } } });
    expect(s.counts?.playersOnline).toBe(5);
    expect(s.mixed).toBe(true);
    expect(poolTile(s, blitz)).toEqual({ waiting: 1, playing: 4, searching: true, pending: false });
    expect(poolTile(s, bullet).searching).toBe(false);
  });

  it.each<[string, PairingAction[], { myPool: string | null; pending: string | null; message: string | null }]>([
    [
      "a join waits for its answer",
      [{ type: "joinSent", poolId: "3+2" }],
      { myPool: null, pending: "3+2", message: null },
    ],
    [
      "an accepted join searches",
      [
        { type: "joinSent", poolId: "3+2" },
        { type: "membership", membership: { poolId: "3+2", mixed: false } },
      ],
      { myPool: "3+2", pending: null, message: null },
    ],
    [
      "a refused join says why",
      [
        { type: "joinSent", poolId: "3+2" },
        { type: "refused", message: "You are already playing a game" },
      ],
      { myPool: null, pending: null, message: "You are already playing a game" },
    ],
    [
      "a cancel stops searching at once",
      [
        { type: "membership", membership: { poolId: "3+2", mixed: false } },
        { type: "cancelSent", poolId: "3+2" },
      ],
      { myPool: null, pending: "3+2", message: null },
    ],
    [
      "being paired (or leaving from another tab) ends the search",
      [
        { type: "membership", membership: { poolId: "3+2", mixed: false } },
        { type: "membership", membership: { poolId: null, mixed: false, reason: "paired" } },
      ],
      { myPool: null, pending: null, message: null },
    ],
    [
      "joining another pool moves the search",
      [
        { type: "membership", membership: { poolId: "3+2", mixed: false } },
        { type: "membership", membership: { poolId: "1+0", mixed: false } },
      ],
      { myPool: "1+0", pending: null, message: null },
    ],
    [
      "a shown message goes",
      [{ type: "refused", message: "Too fast" }, { type: "messageShown" }],
      { myPool: null, pending: null, message: null },
    ],
  ])("%s", (_name, actions, expected) => {
    const s = run(...actions);
    expect({ myPool: s.myPool, pending: s.pending, message: s.message }).toEqual(expected);
  });

  it("keeps the counts current and the player's choice of opponents", () => {
    const s = run({ type: "counts", counts: counts(2, 6) }, { type: "mixedChanged", mixed: true });
    expect(poolTile(s, blitz)).toMatchObject({ waiting: 2, playing: 6 });
    expect(s.mixed).toBe(true);
    expect(pairingReducer(s, { type: "counts", counts: counts(0) }).mixed).toBe(true);
  });

  it("counts a lobby offer of the tile's time control as someone waiting", () => {
    const s = run({ type: "counts", counts: counts(1, 0, 2) });
    expect(poolTile(s, blitz).waiting).toBe(3);
  });
});

describe("countText", () => {
  it.each([
    [0, "0 players"],
    [1, "1 player"],
    [12, "12 players"],
  ])("%i → %s", (n, text) => {
    expect(countText(n, "player", "players")).toBe(text);
  });
});

describe("waitingHint", () => {
  const counts = (waiting: number, offers = 0) => ({
    playersOnline: 3,
    gamesInPlay: 0,
    pools: [{ poolId: "3+2", waiting, playing: 0, offers }],
  });
  const searching = (waiting: number, mixed: boolean, offers = 0) => ({
    ...initialPairing,
    counts: counts(waiting, offers),
    myPool: "3+2",
    mixed,
  });

  it.each([
    ["alone in the pool", searching(1, false), false, 10_000, undefined],
    ["too early to tell", searching(2, false), false, 1_000, undefined],
    ["not searching", { ...initialPairing, counts: counts(2) }, false, 10_000, undefined],
    [
      "an account that does not take guests",
      searching(2, false),
      false,
      5_000,
      "1 other player waits in 3+2 but is not a match for you yet: tick “Also play guests (unrated)” to meet guests too, and ratings further apart are accepted the longer you wait.",
    ],
    [
      "a guest that does not take accounts",
      searching(3, false),
      true,
      5_000,
      "2 other players wait in 3+2 but are not a match for you yet: tick “Also play registered players” to meet registered players too, and ratings further apart are accepted the longer you wait.",
    ],
    [
      "an offer in the lobby that is not for an account that does not take guests",
      searching(1, false, 1),
      false,
      5_000,
      "1 other player waits in 3+2 but is not a match for you yet: tick “Also play guests (unrated)” to meet guests too, and ratings further apart are accepted the longer you wait.",
    ],
    [
      "a player who takes both kinds",
      searching(2, true),
      false,
      5_000,
      "1 other player waits in 3+2 but is not a match for you yet: a guest and a registered player are paired only when both allow it, and ratings further apart are accepted the longer you wait.",
    ],
  ])("%s", (_, state, isGuest, ms, text) => {
    expect(waitingHint(state, isGuest, ms)).toBe(text);
  });
});

describe("searchingAlone", () => {
  const inPool = (waiting: number | undefined) => ({
    ...initialPairing,
    counts:
      waiting === undefined
        ? null
        : { playersOnline: 1, gamesInPlay: 0, pools: [{ poolId: "5+0", waiting, playing: 0, offers: 0 }] },
    myPool: "5+0",
  });

  it.each([
    ["alone long enough", inPool(1), 8_000, true],
    ["alone, too early", inPool(1), 7_999, false],
    ["the counts not known yet", inPool(undefined), 9_000, true],
    ["someone else waits too", inPool(2), 60_000, false],
    [
      "an offer of its time control in the lobby (not for me, or I would play it)",
      {
        ...inPool(1),
        counts: { playersOnline: 2, gamesInPlay: 0, pools: [{ poolId: "5+0", waiting: 1, playing: 0, offers: 1 }] },
      },
      60_000,
      false,
    ],
    ["not searching", { ...inPool(1), myPool: null }, 60_000, false],
  ])("%s", (_, state, ms, alone) => {
    expect(searchingAlone(state, ms)).toBe(alone);
  });
});
