import { GAME_STAGES, HANDICAPS } from "@chess/shared";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { createJumpstartRepo, type JumpstartRepo } from "../src/areas/jumpstart/jumpstartRepo.ts";
import { createJumpstartService } from "../src/areas/jumpstart/jumpstartService.ts";
import type { JobRunner } from "../src/jobs/index.ts";
import { useTestDatabase } from "./harness.ts";

/** An arena's batch of jumpstart games takes its positions from the pool in one statement, the rest searched. */
const test = useTestDatabase();
let repo: JumpstartRepo;

beforeAll(() => {
  repo = createJumpstartRepo(test.database.db);
});

const MID_UPHILL = {
  lower_eval_limit: HANDICAPS.uphill.eval.min,
  upper_eval_limit: HANDICAPS.uphill.eval.max,
  lower_move_limit: GAME_STAGES.mid.moves.min,
  upper_move_limit: GAME_STAGES.mid.moves.max,
};

describe("jumpstart positions for a batch of games", () => {
  it("takes up to n positions of the preset at once, each once, and none of another preset", async () => {
    for (const k of [1, 2, 3]) await repo.add("tm:a", `fen a${k}`, k / 10);
    await repo.add("tm:b", "fen b1", 0.5);
    const first = await repo.takeMany("tm:a", 2);
    const rest = await repo.takeMany("tm:a", 5);
    expect(first).toHaveLength(2);
    expect(rest).toHaveLength(1);
    expect(new Set([...first, ...rest].map((p) => p.fen))).toEqual(new Set(["fen a1", "fen a2", "fen a3"]));
    expect(await repo.takeMany("tm:a", 1)).toEqual([]);
    expect(await repo.countOf("tm:b")).toBe(1);
  });

  it("deals the pool's positions first and searches the others; a search that finds none leaves its place empty", async () => {
    const preset = "mid:uphill";
    while ((await repo.takeMany(preset, 100)).length > 0);
    await repo.add(preset, "fen pooled", 1.2);
    let searches = 0;
    const jobs = {
      where: "in-process",
      run: async (name: string) => {
        if (name === "jumpstart.fill") return { filled: false };
        searches++;
        return searches === 1 ? { fen: "fen searched", eval: 1.1 } : null;
      },
      progress: async () => undefined,
    } as unknown as JobRunner<never>;
    const service = createJumpstartService({ repo, jobs, poolSize: 0, logger: pino({ level: "silent" }) });
    const dealt = await service.positions(MID_UPHILL, 3);
    expect(dealt).toEqual([{ fen: "fen pooled", eval: 1.2 }, { fen: "fen searched", eval: 1.1 }, undefined]);
    expect(searches).toBe(2);
    service.stop();
  });
});
