import { describe, expect, it } from "vitest";
import { displayName, type Identity, type IdentityEvent, identityReducer, initialIdentity } from "./identityStore.ts";

const loading: Identity = { kind: "loading" };
const anonymous: Identity = { kind: "guest", username: null };
const guest: Identity = { kind: "guest", username: "Guest-4821" };
const alice: Identity = { kind: "user", username: "alice" };

describe("identityReducer", () => {
  const rows: Array<[string, Identity, IdentityEvent, Identity]> = [
    ["loading + account found → user", loading, { type: "userLoaded", username: "alice" }, alice],
    ["guest + login → user", guest, { type: "userLoaded", username: "alice" }, alice],
    ["loading + no account → guest with unknown name", loading, { type: "userMissing" }, anonymous],
    ["guest + no account → keeps the guest name", guest, { type: "userMissing" }, guest],
    ["user + no account → guest with unknown name", alice, { type: "userMissing" }, anonymous],
    ["loading + temp name → guest", loading, { type: "guestNamed", username: "Guest-4821" }, guest],
    ["anonymous guest + temp name → named guest", anonymous, { type: "guestNamed", username: "Guest-4821" }, guest],
    ["user + temp name → stays user", alice, { type: "guestNamed", username: "Guest-4821" }, alice],
    [
      "socket guest session → guest",
      loading,
      { type: "sessionAnnounced", username: "Guest-4821", isGuest: true },
      guest,
    ],
    [
      "socket guest session renames a guest",
      guest,
      { type: "sessionAnnounced", username: "Guest-1000", isGuest: true },
      { kind: "guest", username: "Guest-1000" },
    ],
    [
      "socket account session → user",
      anonymous,
      { type: "sessionAnnounced", username: "alice", isGuest: false },
      alice,
    ],
    ["logout → guest with unknown name", alice, { type: "loggedOut" }, anonymous],
  ];

  it.each(rows)("%s", (_name, state, event, expected) => {
    expect(identityReducer(state, event)).toEqual(expected);
  });

  it("starts loading", () => {
    expect(initialIdentity).toEqual({ kind: "loading" });
  });

  it("follows the logout flow: user → guest without name → guest named by the new socket session", () => {
    const events: IdentityEvent[] = [
      { type: "loggedOut" },
      { type: "sessionAnnounced", username: "Guest-777", isGuest: true },
    ];
    expect(events.reduce(identityReducer, alice)).toEqual({ kind: "guest", username: "Guest-777" });
  });
});

describe("displayName", () => {
  it.each([
    [loading, undefined],
    [anonymous, undefined],
    [guest, "Guest-4821"],
    [alice, "alice"],
  ] as const)("%o → %s", (identity, expected) => {
    expect(displayName(identity)).toBe(expected);
  });
});
