import { useCallback, useEffect, useReducer, useState } from "react";
import { ApiRequestError, errorMessage } from "../../lib/api.ts";
import { useRealtime } from "../../lib/realtime.ts";
import { conversationReducer, initialConversation, nextPage } from "./conversationStore.ts";
import { sameName } from "./friendsStore.ts";
import { FRIENDS_REFRESH_MS, useFriendsApi } from "./useFriends.ts";
import { useMarkRead } from "./useUnread.ts";

/**
 * My conversation with `friendName` (a friend, or anyone whose settings let me write): pages of history, live
 * messages, sending, the player's presence, and why I may not write when I may not.
 */
export function useConversation(friendName: string, me: string) {
  const client = useFriendsApi();
  const realtime = useRealtime();
  const [state, dispatch] = useReducer(conversationReducer, initialConversation);
  const [online, setOnline] = useState<boolean>();
  /** Why I may not write to `friendName` (their settings, a block), or null when I may; undefined until known. */
  const [refusal, setRefusal] = useState<string | null>();
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
        const contact = await client.contact(friendName);
        if (!live) return;
        setRefusal(contact.canMessage ? null : (contact.messageRefusal ?? "You cannot message this player"));
        setOnline(contact.online);
      } catch (error) {
        if (live && error instanceof ApiRequestError && error.status === 404) setUnknown(true);
        // Otherwise presence and permission stay as they were.
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

  return { state, online, refusal, unknown, loadOlder, send };
}
