import { type ActorId, actorKey, COMPUTER_LEVELS, type ComputerLevel, computerName } from "@chess/shared";
import type { PlayerRef } from "../games/index.ts";

/**
 * The computer's session ids: `computer:<level>:<nonce>`, one per game. A real session id is base64url
 * (accounts' newSessionId), which has no ':', so no socket can ever act as the computer.
 */
const PREFIX = "computer:";

/** The computer as one side of a new game. */
export function computerPlayer(level: ComputerLevel, nonce: string): PlayerRef {
  return { sessionId: `${PREFIX}${level}:${nonce}`, userId: null, name: computerName(level) };
}

/** The level of a game's player if it is the computer, else undefined. */
export function computerLevelOf(p: ActorId): ComputerLevel | undefined {
  if (p.userId !== null || !p.sessionId.startsWith(PREFIX)) return undefined;
  const level = Number(p.sessionId.slice(PREFIX.length).split(":")[0]);
  return (COMPUTER_LEVELS as readonly number[]).includes(level) ? (level as ComputerLevel) : undefined;
}

/** Whether a presence key (an actorKey) is the computer's: it counts as always connected. */
export const isComputerPresenceKey = (key: string): boolean =>
  key.startsWith(actorKey({ sessionId: PREFIX, userId: null }));
