import {
  type Ack,
  type Actor,
  type ActorId,
  actorKey,
  type ChatHistory,
  type ChatMessage,
  type ChatMessagePayload,
  fail,
  GLOBAL_CHAT_ID,
} from "@chess/shared";
import { addressKey } from "../../http/addressKey.ts";
import type { RateLimiter } from "../../storage/rateLimits.ts";
import type { ChatRepo } from "./chatRepo.ts";
import { RepeatGuard } from "./repeatGuard.ts";

/** lichess: a 6th line within 10 s, or a repeat of one of the last two (repeatGuard.ts), is dropped. */
const CHAT_RATE = { limit: 5, windowMs: 10_000 };
/** Guests cost nothing to make: all the guests of one address share this allowance of global chat. */
const GUEST_GLOBAL_CHAT_PER_ADDRESS = { limit: 10, windowMs: 10_000 };

/** Club chats are named "club:<clubId>". */
export function clubIdOf(chatId: string): number | undefined {
  const m = /^club:(\d{1,9})$/.exec(chatId);
  return m ? Number(m[1]) : undefined;
}

/** Tournament chats are named "tournament:<tournamentId>" (an arena's `chatRoom`). */
export function tournamentIdOf(chatId: string): string | undefined {
  const m = /^tournament:([A-Za-z0-9_-]{1,64})$/.exec(chatId);
  return m ? m[1] : undefined;
}

/** Global, game, club and tournament chat: who may read and write where, limits, storage and fan-out. */
export function createChatService(deps: {
  repo: ChatRepo;
  limiter: RateLimiter;
  /** Whether the actor plays in that game (only players write in a game's chat). */
  isPlayer: (actor: ActorId, gameId: string) => Promise<boolean>;
  /** Whether there is such a game, live or finished: anyone may read its chat, as anyone may watch it. */
  gameExists: (gameId: string) => Promise<boolean>;
  /** Names of the players an account blocked: their lines are left out of the games it watches. */
  blockedNames: (userId: number) => Promise<string[]>;
  isClubMember: (clubId: number, userId: number) => Promise<boolean>;
  /** An arena's players write in its chat; anyone logged in reads it. */
  arenas: { exists(id: string): Promise<boolean>; isPlayer(id: string, userId: number): Promise<boolean> };
  deliver: (message: ChatMessage, sender: Actor) => void;
  now?: () => number;
}) {
  const { repo, limiter, isPlayer, deliver } = deps;
  const now = deps.now ?? Date.now;
  const repeats = new RepeatGuard();

  async function mayWrite(actor: ActorId, chatType: string, chatId: string): Promise<boolean> {
    if (chatType === "global") return chatId === GLOBAL_CHAT_ID;
    if (chatType === "club") {
      const clubId = clubIdOf(chatId);
      return clubId !== undefined && actor.userId !== null && deps.isClubMember(clubId, actor.userId);
    }
    if (chatType === "tournament") {
      const id = tournamentIdOf(chatId);
      return id !== undefined && actor.userId !== null && deps.arenas.isPlayer(id, actor.userId);
    }
    return chatType === "game" && isPlayer(actor, chatId);
  }

  /** Readers are the writers, and for a game anyone else as a spectator. */
  async function readerOf(actor: ActorId, chatType: string, chatId: string): Promise<"writer" | "spectator" | null> {
    if (await mayWrite(actor, chatType, chatId)) return "writer";
    if (chatType === "tournament") {
      const id = tournamentIdOf(chatId);
      return id !== undefined && actor.userId !== null && (await deps.arenas.exists(id)) ? "spectator" : null;
    }
    return chatType === "game" && (await deps.gameExists(chatId)) ? "spectator" : null;
  }

  return {
    async send(actor: Actor, p: ChatMessagePayload): Promise<Ack> {
      if (!(await mayWrite(actor, p.chatType, p.chatId))) return fail("forbidden", "You cannot write in this chat");
      const key = actorKey(actor);
      if (repeats.isRepeat(key, p.chatId, p.text, now())) return fail("duplicate", "You just sent that");
      const decision = await limiter.hit(`chat:${key}`, CHAT_RATE.limit, CHAT_RATE.windowMs);
      if (!decision.ok) return fail("rate_limited", "You are sending messages too fast");
      if (actor.userId === null && p.chatType === "global" && actor.address !== undefined) {
        const { limit, windowMs } = GUEST_GLOBAL_CHAT_PER_ADDRESS;
        const shared = await limiter.hit(`chat:guests:${addressKey(actor.address)}`, limit, windowMs);
        if (!shared.ok) return fail("rate_limited", "Too many messages from your address - log in, or wait a moment");
      }
      repeats.remember(key, p.chatId, p.text, now());
      const message: ChatMessage = {
        username: actor.username,
        text: p.text,
        chatType: p.chatType,
        chatId: p.chatId,
        timeSent: now(),
      };
      await repo.insert(message);
      deliver(message, actor);
      return { ok: true };
    },

    async history(actor: ActorId, chatId: string): Promise<Ack<ChatHistory>> {
      const chatType =
        chatId === GLOBAL_CHAT_ID
          ? "global"
          : clubIdOf(chatId) !== undefined
            ? "club"
            : tournamentIdOf(chatId) !== undefined
              ? "tournament"
              : "game";
      const reader = await readerOf(actor, chatType, chatId);
      if (!reader) return fail("forbidden", "You cannot read this chat");
      const messages = await repo.recent(chatId);
      if (reader === "writer") return { ok: true, data: { chatId, messages } };
      const blocked = new Set(actor.userId !== null ? await deps.blockedNames(actor.userId) : []);
      return {
        ok: true,
        data: { chatId, messages: messages.filter((m) => !blocked.has(m.username)), spectator: true },
      };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
