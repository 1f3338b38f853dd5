import { useEffect, useRef, useState } from "react";
import { useRealtime } from "../../lib/realtime.ts";

/**
 * Lines of `chatId` from others that came while the chat was out of sight (`reading` false): a chat behind a
 * tab says it has news, as lichess's and chess.com's phone chats do. Reading it counts them read. `me` is the
 * reader's own name, whose lines (from another tab) are news to nobody; null counts every line.
 */
export function useUnreadLines(chatId: string, reading: boolean, me: string | null): number {
  const realtime = useRealtime();
  const [unread, setUnread] = useState(0);
  const readingNow = useRef(reading);
  readingNow.current = reading;
  useEffect(() => {
    if (reading) setUnread(0);
  }, [reading]);
  useEffect(
    () =>
      realtime.on("chatMessage", (message) => {
        if (message.chatId !== chatId || readingNow.current || message.username === me) return;
        setUnread((n) => n + 1);
      }),
    [realtime, chatId, me],
  );
  return unread;
}
