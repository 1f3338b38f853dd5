import { CHAT_MAX_LENGTH, type ChatMessage, trimInvisible } from "@chess/shared";

/** One chat (global or a game's) as this tab sees it. Pure: no I/O, tested without a DOM. */
export interface ChatState {
  chatId: string;
  /** Oldest first; null until the history arrived. */
  messages: ChatMessage[] | null;
}

export type ChatEvent =
  /** chatHistory (or the ack of getChatHistory). */
  | { type: "history"; chatId: string; messages: ChatMessage[] }
  /** chatMessage from the server. */
  | { type: "message"; message: ChatMessage };

/** Lines kept in memory; older ones scroll away. */
export const CHAT_KEEP = 200;

export function initialChat(chatId: string): ChatState {
  return { chatId, messages: null };
}

const sameMessage = (a: ChatMessage, b: ChatMessage) =>
  a.timeSent === b.timeSent && a.username === b.username && a.text === b.text;

export function chatReducer(state: ChatState, event: ChatEvent): ChatState {
  switch (event.type) {
    case "history": {
      if (event.chatId !== state.chatId) return state;
      // Lines that arrived live while the history was on its way are kept.
      const history = [...event.messages].sort((a, b) => a.timeSent - b.timeSent);
      const extra = (state.messages ?? []).filter((m) => !history.some((h) => sameMessage(h, m)));
      return { ...state, messages: [...history, ...extra].slice(-CHAT_KEEP) };
    }
    case "message": {
      const { message } = event;
      if (message.chatId !== state.chatId) return state;
      const current = state.messages ?? [];
      if (current.some((m) => sameMessage(m, message))) return state;
      return { ...state, messages: [...current, message].slice(-CHAT_KEEP) };
    }
  }
}

/** SPEC §5: the text to send (trimmed), or undefined when there is nothing to send. */
export function chatText(draft: string): string | undefined {
  const text = trimInvisible(draft);
  if (!text) return undefined;
  return text.slice(0, CHAT_MAX_LENGTH);
}
