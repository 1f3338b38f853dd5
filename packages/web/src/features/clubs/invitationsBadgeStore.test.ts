import { describe, expect, it } from "vitest";
import { initialInvitationsBadge, invitationsBadgeReducer, invitationsLabel } from "./invitationsBadgeStore.ts";

describe("the club invitations badge", () => {
  const rows: Array<[string, Parameters<typeof invitationsBadgeReducer>[1][], number[]]> = [
    ["counts what the server lists, each club once", [{ type: "loaded", clubIds: [4, 7, 4] }], [4, 7]],
    [
      "adds one that arrives",
      [
        { type: "loaded", clubIds: [4] },
        { type: "received", clubId: 9 },
      ],
      [4, 9],
    ],
    [
      "does not count a repeated invitation twice",
      [
        { type: "received", clubId: 9 },
        { type: "received", clubId: 9 },
      ],
      [9],
    ],
    [
      "drops one answered",
      [
        { type: "loaded", clubIds: [4, 9] },
        { type: "answered", clubId: 4 },
      ],
      [9],
    ],
    ["empties on reset (logout)", [{ type: "loaded", clubIds: [4] }, { type: "reset" }], []],
  ];
  it.each(rows)("%s", (_, events, waiting) => {
    expect(events.reduce(invitationsBadgeReducer, initialInvitationsBadge).waiting).toEqual(waiting);
  });

  it("keeps its state when nothing changes", () => {
    const state = invitationsBadgeReducer(initialInvitationsBadge, { type: "loaded", clubIds: [4] });
    expect(invitationsBadgeReducer(state, { type: "received", clubId: 4 })).toBe(state);
    expect(invitationsBadgeReducer(state, { type: "answered", clubId: 5 })).toBe(state);
    expect(invitationsBadgeReducer(initialInvitationsBadge, { type: "reset" })).toBe(initialInvitationsBadge);
  });

  it("says the count in words", () => {
    expect(invitationsLabel(1)).toBe("1 club invitation");
    expect(invitationsLabel(3)).toBe("3 club invitations");
  });
});
