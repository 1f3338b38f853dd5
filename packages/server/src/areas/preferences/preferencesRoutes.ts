import { preferencesUpdate } from "@chess/shared";
import type { FastifyInstance } from "fastify";
import { parseInput } from "../../http/errors.ts";
import type { RequestAuth } from "../accounts/index.ts";
import { preferencesJson } from "./preferencesJson.ts";
import type { PreferencesRepo } from "./preferencesRepo.ts";

/** GET /user/preferences and PUT /user/preferences (any subset of the fields), for accounts only. */
export function registerPreferencesRoutes(app: FastifyInstance, deps: { repo: PreferencesRepo; auth: RequestAuth }) {
  const { repo, auth } = deps;

  app.get("/user/preferences", async (req) => {
    const user = await auth.requireUser(req);
    return preferencesJson(await repo.find(user.userId));
  });

  app.put("/user/preferences", async (req) => {
    const user = await auth.requireUser(req);
    const update = parseInput(preferencesUpdate, req.body);
    return preferencesJson(await repo.merge(user.userId, update));
  });
}
