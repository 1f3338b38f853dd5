import type { GameOffer } from "@chess/shared";
import { describe, expect, it } from "vitest";
import {
  challengePayload,
  challengeReducer,
  describeChallenge,
  initialChallenge,
  OFFLINE_MESSAGE,
} from "./challengeStore.ts";

describe("challengeReducer (SPEC §4 Friend challenge)", () => {
  it("sent → waiting with the offer id → declined", () => {
    let s = challengeReducer(initialChallenge, { type: "sent", friendName: "bob" });
    expect(s.pending).toEqual({ friendName: "bob" });
    s = challengeReducer(s, { type: "created", friendName: "bob", offerId: "o1" });
    expect(s.pending).toEqual({ friendName: "bob", offerId: "o1" });
    expect(challengeReducer(s, { type: "removed", offerId: "other" })).toBe(s);
    s = challengeReducer(s, { type: "removed", offerId: "o1" });
    expect(s).toEqual({
      pending: null,
      notice: { friendName: "bob", text: "bob declined the challenge.", tone: "info" },
    });
  });

  it("a refused challenge shows the server's message", () => {
    let s = challengeReducer(initialChallenge, { type: "sent", friendName: "bob" });
    s = challengeReducer(s, { type: "failed", friendName: "bob", message: OFFLINE_MESSAGE });
    expect(s).toEqual({ pending: null, notice: { friendName: "bob", text: OFFLINE_MESSAGE, tone: "error" } });
    expect(OFFLINE_MESSAGE).toBe("Challenge failed - friend is offline.");
    expect(challengeReducer(s, { type: "noticeCleared" }).notice).toBeNull();
  });

  it("my cancel ends it without a notice", () => {
    let s = challengeReducer(initialChallenge, { type: "sent", friendName: "bob" });
    s = challengeReducer(s, { type: "created", friendName: "bob", offerId: "o1" });
    s = challengeReducer(s, { type: "cancelled", offerId: "o1" });
    expect(s).toEqual(initialChallenge);
  });

  it("a new challenge clears the last notice", () => {
    let s = challengeReducer(initialChallenge, { type: "failed", friendName: "bob", message: "x" });
    s = challengeReducer(s, { type: "sent", friendName: "carl" });
    expect(s.notice).toBeNull();
  });
});

describe("texts and payload", () => {
  const offer = (selectedColor: GameOffer["selectedColor"]): GameOffer => ({
    offerId: "o1",
    username: "ann",
    baseTime: 5,
    increment: 3,
    variant: "standard",
    selectedColor,
    isCreatorsHandicap: false,
    clubId: null,
    timeClass: "blitz",
    createdAt: 0,
  });

  it.each([
    ["white", "ann challenges you: 5+3 Standard, you play Black."],
    ["black", "ann challenges you: 5+3 Standard, you play White."],
    ["random", "ann challenges you: 5+3 Standard, random colours."],
  ] as const)("creator %s → %s", (color, text) => {
    expect(describeChallenge(offer(color), "ann")).toBe(text);
  });

  it("names the variant as the lobby does", () => {
    expect(describeChallenge({ ...offer("random"), variant: "fun" }, "ann")).toBe(
      "ann challenges you: 5+3 Chess960, random colours.",
    );
    expect(describeChallenge({ ...offer("random"), variant: "jumpstart", isCreatorsHandicap: true }, "ann")).toBe(
      "ann challenges you: 5+3 Jumpstart, you play White, the better side.",
    );
    expect(describeChallenge({ ...offer("random"), variant: "jumpstart", isCreatorsHandicap: false }, "ann")).toBe(
      "ann challenges you: 5+3 Jumpstart, you play Black, the worse side.",
    );
  });

  it("builds the createFriendChallenge payload", () => {
    const offer = {
      baseTime: 2.5,
      increment: 7,
      variant: "fun" as const,
      selectedColor: "white" as const,
      isCreatorsHandicap: false,
      clubId: 3,
    };
    // A challenge is for one friend, never a club's.
    expect(challengePayload("bob", offer)).toEqual({ ...offer, clubId: null, friendName: "bob" });
  });
});
