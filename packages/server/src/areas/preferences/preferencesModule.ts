import type { Core } from "../../core.ts";
import type { AreaModule } from "../../mount.ts";
import type { Callers } from "../accounts/index.ts";
import { createPreferencesRepo } from "./preferencesRepo.ts";
import { registerPreferencesRoutes } from "./preferencesRoutes.ts";

/** An account's own choices: the web's settings, and what other areas ask of them (takebacks). */
export function preferencesModule(core: Core, ports: { callers: Callers }) {
  const repo = createPreferencesRepo(core.db);
  const area: AreaModule = {
    name: "preferences",
    routes: (app) => registerPreferencesRoutes(app, { repo, auth: ports.callers }),
  };
  return {
    area,
    choices: {
      /** Whether accounts let their opponents ask for takebacks (always, in casual games, never), in one read. */
      takebacksOf: async (userIds: number[]) =>
        new Map([...(await repo.choicesOf(userIds))].map(([id, c]) => [id, c.takebacks] as const)),
      /** Who may message and challenge an account: everyone, friends, nobody. */
      contact: async (userId: number) => {
        const { messagesFrom, challengesFrom } = await repo.choices(userId);
        return { messagesFrom, challengesFrom };
      },
    },
  };
}

export type PreferencesModule = ReturnType<typeof preferencesModule>;
