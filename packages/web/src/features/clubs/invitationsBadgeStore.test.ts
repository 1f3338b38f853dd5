import { describe, expect, it } from "vitest";
import { createInvitationsBadgeStore, invitationAnswered, invitationsLabel } from "./invitationsBadgeStore.ts";

describe("the club invitations badge", () => {
  it("counts each club once and drops one answered", () => {
    const store = createInvitationsBadgeStore();
    store.dispatch({ type: "loaded", items: [4, 7, 4] });
    store.dispatch({ type: "received", item: 9 });
    store.dispatch({ type: "received", item: 9 });
    expect(store.getState().waiting).toEqual([4, 7, 9]);
    store.dispatch(invitationAnswered(7));
    store.dispatch(invitationAnswered(8));
    expect(store.getState().waiting).toEqual([4, 9]);
  });

  it("says the count in words", () => {
    expect(invitationsLabel(1)).toBe("1 club invitation");
    expect(invitationsLabel(3)).toBe("3 club invitations");
  });
});
