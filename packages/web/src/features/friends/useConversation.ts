import { useCallback, useEffect, useReducer, useState } from "react";
import { ApiRequestError, errorMessage } from "../../lib/api.ts";
import { useRealtime } from "../../lib/realtime.ts";
import { conversationReducer, initialConversation, nextPage } from "./conversationStore.ts";
import { sameName } from "./friendsStore.ts";
import { FRIENDS_REFRESH_MS, useFriendsApi } from "./useFriends.ts";
import { useMarkRead } from "./useUnread.ts";

/** My conversation with `friendName`: pages of history, live messages, sending, and the friend's presence. */
export function useConversation(friendName: string, me: string) {
  const client = useFriendsApi();
  const realtime = useRealtime();
  const [state, dispatch] = useReducer(conversationReducer, initialConversation);
  const [online, setOnline] = useState<boolean>();
  /** Whether `friendName` is among my friends; undefined until the list has come. */
  const [friend, setFriend] = useState<boolean>();
  /** The server knows no player of that name. */
  const [unknown, setUnknown] = useState(false);
  const markRead = useMarkRead(friendName);

  const loadPage = useCallback(
    async (pageNo: number) => {
      try {
        const messages = await client.messages(friendName, pageNo);
        dispatch({ type: "pageLoaded", pageNo, messages });
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) setUnknown(true);
        dispatch({ type: "pageFailed", pageNo, message: errorMessage(undefined, error) });
      }
    },
    [client, friendName],
  );

  useEffect(() => {
    // Opening the conversation reads it: the friend's messages stop counting as unread.
    void loadPage(1);
    void markRead();
    // Messages missed while the connection was down come with page 1 again; the first call is the one above.
    let registering = true;
    const offConnect = realtime.onConnect(() => {
      if (registering) return;
      void loadPage(1);
      void markRead();
    });
    registering = false;
    const offMessage = realtime.on("friendMessage", (message) => {
      dispatch({ type: "received", message, me, friendName });
      // Seen as it arrives: read on the server too, so other tabs and the next visit agree.
      if (sameName(message.senderName, friendName) && sameName(message.friendName, me)) void markRead();
    });
    return () => {
      offConnect();
      offMessage();
    };
  }, [realtime, loadPage, markRead, me, friendName]);

  useEffect(() => {
    let live = true;
    const look = async () => {
      try {
        const friends = await client.list();
        if (!live) return;
        const found = friends.find((f) => sameName(f.friendName, friendName));
        setFriend(found !== undefined);
        setOnline(found?.isActive ?? false);
      } catch {
        // Presence stays as it was.
      }
    };
    void look();
    const t = setInterval(look, FRIENDS_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(t);
    };
  }, [client, friendName]);

  const loadOlder = useCallback(async () => {
    if (state.loadingOlder || !state.hasOlder) return;
    dispatch({ type: "olderRequested" });
    await loadPage(nextPage(state));
  }, [state, loadPage]);

  /** Sends the (already trimmed) text; resolves with an error message, or undefined when sent. */
  const send = useCallback(
    async (message: string): Promise<string | undefined> => {
      const answer = await realtime.request("friendMessage", { message, friendName });
      if (!answer.ok) return answer.message;
      if (answer.data) dispatch({ type: "received", message: answer.data, me, friendName });
      return undefined;
    },
    [realtime, friendName, me],
  );

  return { state, online, friend, unknown, loadOlder, send };
}
