import { describe, expect, it } from "vitest";
import { type CheckpointPolicy, checkpointDue } from "./checkpoints.ts";

const policy: CheckpointPolicy = { walBytes: 1000, everyMs: 60_000 };
const last = { walBytes: 5000, at: 100_000 };

describe("checkpointDue: after so much WAL, or so long if anything was written", () => {
  it.each([
    ["nothing written, long after", { walBytes: 5000, at: 1_000_000 }, false],
    ["a little written, soon after", { walBytes: 5999, at: 159_999 }, false],
    ["the WAL limit written", { walBytes: 6000, at: 100_001 }, true],
    ["well past the WAL limit", { walBytes: 50_000, at: 100_001 }, true],
    ["a little written, the interval gone by", { walBytes: 5001, at: 160_000 }, true],
  ])("%s: %s", (_, now, due) => {
    expect(checkpointDue(policy, last, now)).toBe(due);
  });
});
