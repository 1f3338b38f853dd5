import { actorKey } from "@chess/shared";
import type { Core } from "../../core.ts";
import type { AreaModule } from "../../mount.ts";
import type { AccountLookup, Callers } from "../accounts/index.ts";
import type { PreferencesModule } from "../preferences/index.ts";
import { createFriendsRepo } from "./friendsRepo.ts";
import { registerFriendsRoutes } from "./friendsRoutes.ts";
import { createFriendsService } from "./friendsService.ts";
import { friendsBroadcaster, friendsSocketEvents } from "./friendsSocket.ts";

/** Who blocked whom, asked by every area that puts two players together or shows one to another. */
export interface Blocks {
  /** Whether `blockerId` blocked `blockedId`. */
  isBlocked(blockerId: number, blockedId: number): Promise<boolean>;
  /** Whether either of two accounts blocked the other. */
  between(a: number, b: number): Promise<boolean>;
  /** The accounts `userId` blocked or is blocked by. */
  eitherWay(userId: number): Promise<number[]>;
  /** The blocks among these accounts, as [blocker, blocked]. */
  among(userIds: number[]): Promise<Array<[number, number]>>;
  /** The accounts that blocked `userId`. */
  blockersOf(userId: number): Promise<number[]>;
  /** The names of the accounts `userId` blocked. */
  namesBlockedBy(userId: number): Promise<string[]>;
}

/** Whom a player may challenge by name (the challenge itself is a lobby offer). */
export interface Challengeable {
  challengeable: ReturnType<typeof createFriendsService>["challengeable"];
}

/** Friends, requests, messages and blocks. Other areas get `blocks` and `challenges`. */
export function friendsModule(
  core: Core,
  ports: { callers: Callers; accounts: AccountLookup; choices: PreferencesModule["choices"] },
) {
  const repo = createFriendsRepo(core.db);
  const friends = createFriendsService({
    repo,
    limiter: core.limiter,
    findUser: (name) => ports.accounts.findOpen(name),
    isOnline: (userId) => core.presence.isOnline(actorKey({ userId, sessionId: "" })),
    notify: friendsBroadcaster(core.io),
    bus: core.bus,
    contactChoices: (userId) => ports.choices.contact(userId),
  });
  core.bus.subscribe("accountClosed", (account) =>
    friends
      .accountClosed(account)
      .catch((err: unknown) => core.logger.warn({ err, userId: account.userId }, "friends: closed account kept")),
  );

  const blocks: Blocks = {
    isBlocked: (blocker, blocked) => repo.isBlocked(blocker, blocked),
    between: async (a, b) => (await repo.blocksAmong([a, b])).length > 0,
    eitherWay: (userId) => repo.blockedEitherWay(userId),
    among: (userIds) => repo.blocksAmong(userIds),
    blockersOf: (userId) => repo.blockersOf(userId),
    namesBlockedBy: async (userId) => (await repo.blockedBy(userId)).map((b) => b.username),
  };
  const area: AreaModule = {
    name: "friends",
    routes: (app) => registerFriendsRoutes(app, { friends, auth: ports.callers }),
    socketEvents: friendsSocketEvents({ friends }),
  };
  return {
    area,
    blocks,
    challenges: {
      challengeable: (user, friendName, opts) => friends.challengeable(user, friendName, opts),
    } satisfies Challengeable,
  };
}

export type FriendsModule = ReturnType<typeof friendsModule>;
