import type { ClubEvent, Post } from "@chess/shared";

/** A club's lists after a live event. Pure: no I/O, tested without a DOM. A list still loading stays so. */

/** The posts with `post` added once, newest first (as GET /post/list orders them). */
export function withPost(posts: readonly Post[] | null, post: Post): Post[] | null {
  if (posts === null) return null;
  if (posts.some((p) => p.id === post.id)) return [...posts];
  return [post, ...posts].sort((a, b) => b.id - a.id);
}

/** The notes with `event` added once, by date then id (as GET /event/list orders them). */
export function withEvent(events: readonly ClubEvent[] | null, event: ClubEvent): ClubEvent[] | null {
  if (events === null) return null;
  if (events.some((e) => e.id === event.id)) return [...events];
  return [...events, event].sort((a, b) => a.event_date.localeCompare(b.event_date) || a.id - b.id);
}
