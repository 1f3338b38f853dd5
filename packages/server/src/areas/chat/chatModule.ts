import type { Core } from "../../core.ts";
import type { AreaModule } from "../../mount.ts";
import { rooms } from "../../realtime/sockets.ts";
import type { Membership } from "../clubs/index.ts";
import type { Blocks } from "../friends/index.ts";
import type { GamePlay, GameRecords } from "../games/index.ts";
import type { ArenaPlayers } from "../tournaments/index.ts";
import { createChatRepo } from "./chatRepo.ts";
import { createChatService } from "./chatService.ts";
import { chatSocketEvents, GLOBAL_CHAT_ROOM, spectatorChat } from "./chatSocket.ts";

/** The site's, clubs' and games' chats: who may write, who reads what, and how a line reaches them. */
export function chatModule(
  core: Core,
  ports: {
    play: Pick<GamePlay, "isPlayer" | "playersOf">;
    records: Pick<GameRecords, "exists">;
    blocks: Pick<Blocks, "namesBlockedBy" | "blockersOf">;
    membership: Pick<Membership, "isMember">;
    arenas: ArenaPlayers;
  },
) {
  const { io, logger } = core;
  const toSpectators = spectatorChat(io, { blockersOf: (userId) => ports.blocks.blockersOf(userId) });
  const chat = createChatService({
    repo: createChatRepo(core.db),
    limiter: core.limiter,
    isPlayer: (actor, gameId) => ports.play.isPlayer(actor, gameId),
    gameExists: (gameId) => ports.records.exists(gameId),
    blockedNames: (userId) => ports.blocks.namesBlockedBy(userId),
    isClubMember: (clubId, userId) => ports.membership.isMember(clubId, userId),
    arenas: ports.arenas,
    deliver: (m, sender) => {
      if (m.chatType === "global") {
        io.to(GLOBAL_CHAT_ROOM).emit("chatMessage", m);
        return;
      }
      if (m.chatType === "club" || m.chatType === "tournament") {
        io.to(m.chatId).emit("chatMessage", m);
        return;
      }
      // Players get a game's chat in their own rooms; spectators who read it, in its spectators' room
      // (the game room also holds spectators who did not open the chat).
      ports.play
        .playersOf(m.chatId)
        .then((players) => {
          for (const p of players) io.to(rooms.player(p)).emit("chatMessage", m);
        })
        .catch((err: unknown) => logger.warn({ err }, "game chat not sent to its players"));
      toSpectators(m, sender).catch((err: unknown) => logger.warn({ err }, "game chat not sent to spectators"));
    },
  });
  const area: AreaModule = { name: "chat", socketEvents: chatSocketEvents({ chat }) };
  return { area };
}
