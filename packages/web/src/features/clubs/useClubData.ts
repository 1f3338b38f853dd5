import type { Club, ClubEvent, ClubMember, Post } from "@chess/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import { useRealtime } from "../../lib/realtime.ts";
import { withEvent, withPost } from "./clubLive.ts";
import { useClubsApi } from "./useClubs.ts";

/** A list that is loading (null), loaded, or failed with a message. */
export interface Loaded<T> {
  items: T[] | null;
  error?: string;
}

/** How often the members list is read again while a club is shown (for presence; joins and leaves are live). */
export const MEMBERS_REFRESH_MS = 30_000;

const loading = <T>(): Loaded<T> => ({ items: null });

/**
 * Posts, notes and members of one club. A new club starts from nothing: nothing of the previous club is
 * kept, which is also what leaving needs (SPEC §4 "clears cached data").
 */
export function useClubData(club: Club | undefined) {
  const client = useClubsApi();
  const realtime = useRealtime();
  const clubId = club?.clubId;
  const clubName = club?.clubName;
  const [posts, setPosts] = useState<Loaded<Post>>(loading);
  const [events, setEvents] = useState<Loaded<ClubEvent>>(loading);
  const [members, setMembers] = useState<Loaded<ClubMember>>(loading);
  // Answers for a club that is no longer shown are dropped.
  const shown = useRef(clubId);
  shown.current = clubId;

  const loadPosts = useCallback(async () => {
    if (clubId === undefined) return;
    try {
      const items = await client.posts(clubId);
      if (shown.current === clubId) setPosts({ items });
    } catch (error) {
      if (shown.current === clubId) setPosts((p) => ({ items: p.items, error: errorMessage(undefined, error) }));
    }
  }, [client, clubId]);

  const loadEvents = useCallback(async () => {
    if (clubId === undefined) return;
    try {
      const items = await client.events(clubId);
      if (shown.current === clubId) setEvents({ items });
    } catch (error) {
      if (shown.current === clubId) setEvents((e) => ({ items: e.items, error: errorMessage(undefined, error) }));
    }
  }, [client, clubId]);

  const loadMembers = useCallback(async () => {
    if (clubName === undefined) return;
    try {
      const items = await client.members(clubName);
      if (shown.current === clubId) setMembers({ items });
    } catch (error) {
      if (shown.current === clubId) setMembers((m) => ({ items: m.items, error: errorMessage(undefined, error) }));
    }
  }, [client, clubId, clubName]);

  // Live posts, notes and member changes for the club shown. After a lost connection the room is joined
  // again and the lists are read again, for what happened meanwhile.
  useEffect(() => {
    if (clubId === undefined) return;
    let registering = true;
    const offs = [
      realtime.onConnect(() => {
        void realtime.request("watchClub", { clubId });
        if (registering) return;
        void loadPosts();
        void loadEvents();
        void loadMembers();
      }),
      realtime.on("clubPostCreated", (p) => {
        if (p.clubId === clubId) setPosts((s) => ({ ...s, items: withPost(s.items, p.post) }));
      }),
      realtime.on("clubEventCreated", (e) => {
        if (e.clubId === clubId) setEvents((s) => ({ ...s, items: withEvent(s.items, e.event) }));
      }),
      realtime.on("clubMembersChanged", (m) => {
        if (m.clubId === clubId) void loadMembers();
      }),
    ];
    registering = false;
    return () => {
      for (const off of offs) off();
    };
  }, [realtime, clubId, loadPosts, loadEvents, loadMembers]);

  // Presence dots have no event: the list is read again now and then.
  useEffect(() => {
    const t = setInterval(() => void loadMembers(), MEMBERS_REFRESH_MS);
    return () => clearInterval(t);
  }, [loadMembers]);

  useEffect(() => {
    setPosts(loading);
    setEvents(loading);
    setMembers(loading);
    void loadPosts();
    void loadEvents();
    void loadMembers();
  }, [loadPosts, loadEvents, loadMembers]);

  const publish = useCallback(
    async (text: string) => {
      if (clubId === undefined) return;
      await client.createPost(clubId, text);
      await loadPosts();
    },
    [client, clubId, loadPosts],
  );

  const addNote = useCallback(
    async (date: string, title: string) => {
      if (clubId === undefined) return;
      await client.createEvent(clubId, title, date);
      await loadEvents();
    },
    [client, clubId, loadEvents],
  );

  const invite = useCallback(
    async (username: string) => {
      if (clubId === undefined) return undefined;
      return client.invite(clubId, username);
    },
    [client, clubId],
  );

  return { posts, events, members, loadPosts, loadEvents, loadMembers, publish, addNote, invite };
}

export type ClubData = ReturnType<typeof useClubData>;
