import type { Club, ClubInvitation } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { clubChatId, clubsReducer, initialClubs, nextSelection, selectedClub } from "./clubsStore.ts";

const club = (clubId: number, clubName = `Club ${clubId}`): Club => ({
  clubId,
  clubName,
  isAdministrator: false,
  administratorId: 1,
  joinPolicy: "invite",
});
const invitation = (clubId: number): ClubInvitation => ({ clubId, clubName: `Club ${clubId}`, inviter: "ann" });

describe("nextSelection (SPEC §4)", () => {
  it.each([
    ["the first club by default", [1, 2, 3], null, undefined, 1],
    ["keeps a listed selection", [1, 2, 3], 2, undefined, 2],
    ["the first club when the selected one disappeared", [1, 3], 2, undefined, 1],
    ["a preferred club when listed", [1, 2, 3], 1, 3, 3],
    ["ignores a preferred club that is not listed", [1, 2], 2, 9, 2],
    ["nothing without clubs", [], 2, undefined, null],
  ])("%s", (_, ids, current, prefer, expected) => {
    expect(
      nextSelection(
        ids.map((id) => club(id)),
        current,
        prefer,
      ),
    ).toBe(expected);
  });
});

describe("clubsReducer", () => {
  it("selects the first club on the first list, and keeps the choice on reloads", () => {
    let s = clubsReducer(initialClubs, { type: "clubsLoaded", clubs: [club(5), club(7)] });
    expect(s.selectedId).toBe(5);
    s = clubsReducer(s, { type: "selected", clubId: 7 });
    expect(selectedClub(s)?.clubId).toBe(7);
    s = clubsReducer(s, { type: "clubsLoaded", clubs: [club(5), club(7), club(9)] });
    expect(s.selectedId).toBe(7);
  });

  it("falls back to the first club when the selected one disappears from a reload", () => {
    let s = clubsReducer(initialClubs, { type: "clubsLoaded", clubs: [club(5), club(7)] });
    s = clubsReducer(s, { type: "selected", clubId: 7 });
    s = clubsReducer(s, { type: "clubsLoaded", clubs: [club(5), club(9)] });
    expect(s.selectedId).toBe(5);
  });

  it("ignores selecting a club that is not mine", () => {
    const s = clubsReducer(initialClubs, { type: "clubsLoaded", clubs: [club(5)] });
    expect(clubsReducer(s, { type: "selected", clubId: 6 })).toBe(s);
  });

  it("drops a left club at once and selects the first remaining one", () => {
    let s = clubsReducer(initialClubs, { type: "clubsLoaded", clubs: [club(5), club(7)] });
    s = clubsReducer(s, { type: "selected", clubId: 7 });
    s = clubsReducer(s, { type: "clubLeft", clubId: 7 });
    expect(s.clubs?.map((c) => c.clubId)).toEqual([5]);
    expect(s.selectedId).toBe(5);
    s = clubsReducer(s, { type: "clubLeft", clubId: 5 });
    expect(s.selectedId).toBeNull();
    expect(selectedClub(s)).toBeUndefined();
  });

  it("selects a club just created or joined", () => {
    let s = clubsReducer(initialClubs, { type: "clubsLoaded", clubs: [club(5)] });
    s = clubsReducer(s, { type: "clubsLoaded", clubs: [club(5), club(8)], prefer: 8 });
    expect(s.selectedId).toBe(8);
  });

  it("keeps invitations once each and removes answered ones", () => {
    let s = clubsReducer(initialClubs, { type: "invitationsLoaded", invitations: [invitation(1)] });
    s = clubsReducer(s, { type: "invitationReceived", invitation: invitation(2) });
    s = clubsReducer(s, { type: "invitationReceived", invitation: invitation(2) });
    expect(s.invitations.map((i) => i.clubId)).toEqual([1, 2]);
    s = clubsReducer(s, { type: "invitationAnswered", clubId: 1 });
    expect(s.invitations.map((i) => i.clubId)).toEqual([2]);
  });

  it("forgets everything when access is denied, and a later list lifts it", () => {
    let s = clubsReducer(initialClubs, { type: "clubsLoaded", clubs: [club(5)] });
    s = clubsReducer(s, { type: "denied" });
    expect(s).toEqual({ ...initialClubs, denied: true });
    s = clubsReducer(s, { type: "clubsLoaded", clubs: [club(5)] });
    expect(s.denied).toBe(false);
  });
});

it("names club chats club:<id>", () => {
  expect(clubChatId(12)).toBe("club:12");
});
