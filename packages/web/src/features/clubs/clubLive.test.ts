import type { ClubEvent, Post } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { withEvent, withPost } from "./clubLive.ts";

const post = (id: number): Post => ({ id, author: "ann", text: `post ${id}`, createdAt: id });
const note = (id: number, event_date: string): ClubEvent => ({ id, title: `note ${id}`, event_date, author: "ann" });

describe("withPost", () => {
  it("puts a new post first, once, and leaves a loading list loading", () => {
    expect(withPost([post(2), post(1)], post(3))?.map((p) => p.id)).toEqual([3, 2, 1]);
    expect(withPost([post(3), post(1)], post(2))?.map((p) => p.id)).toEqual([3, 2, 1]);
    expect(withPost([post(3), post(2)], post(3))?.map((p) => p.id)).toEqual([3, 2]);
    expect(withPost(null, post(1))).toBeNull();
  });
});

describe("withEvent", () => {
  it("files a new note by date, once", () => {
    const notes = [note(1, "2026-05-01"), note(2, "2026-05-09")];
    expect(withEvent(notes, note(3, "2026-05-04"))?.map((e) => e.id)).toEqual([1, 3, 2]);
    expect(withEvent(notes, note(4, "2026-05-09"))?.map((e) => e.id)).toEqual([1, 2, 4]);
    expect(withEvent(notes, note(2, "2026-05-09"))).toHaveLength(2);
    expect(withEvent(null, note(1, "2026-05-01"))).toBeNull();
  });
});
