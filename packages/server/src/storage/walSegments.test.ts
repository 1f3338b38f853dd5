import { describe, expect, it } from "vitest";
import { isSegmentName, isValidSegmentSize, nextSegmentName } from "./walSegments.ts";

const MB = 1 << 20;

describe("nextSegmentName: PostgreSQL's XLogFileName of the segment number plus one", () => {
  it.each([
    ["000000010000000000000001", 16 * MB, "000000010000000000000002"],
    ["00000001000000000000000F", 16 * MB, "000000010000000000000010"],
    // 16 MB segments: 256 to each value of the high half, so ...FF is followed by the next high value.
    ["0000000100000000000000FF", 16 * MB, "000000010000000100000000"],
    ["0000000200000003000000A7", 16 * MB, "0000000200000003000000A8"],
    // 1 GB segments: 4 to each high value.
    ["000000010000000000000003", 1024 * MB, "000000010000000100000000"],
    // 1 MB segments: 4096 to each high value.
    ["000000010000000000000FFF", MB, "000000010000000100000000"],
  ])("%s (%i bytes) → %s", (name, size, next) => {
    expect(nextSegmentName(name, size)).toBe(next);
  });

  it.each([
    ["a temporary file", "xlogtemp.42"],
    ["a history file", "00000002.history"],
    ["lower-case hex", "00000001000000000000000a"],
    ["a backup label", "000000010000000000000002.00000028.backup"],
  ])("names nothing after %s", (_, name) => {
    expect(isSegmentName(name)).toBe(false);
    expect(nextSegmentName(name, 16 * MB)).toBeUndefined();
  });

  it("names nothing after the last segment there can be", () => {
    expect(nextSegmentName("00000001FFFFFFFF000000FF", 16 * MB)).toBeUndefined();
  });

  it.each([
    [16 * MB, true],
    [MB, true],
    [1024 * MB, true],
    [MB / 2, false],
    [2048 * MB, false],
    [24 * MB, false],
    [0, false],
  ])("a segment of %i bytes is valid: %s", (size, valid) => {
    expect(isValidSegmentSize(size)).toBe(valid);
    if (!valid) expect(nextSegmentName("000000010000000000000001", size)).toBeUndefined();
  });
});
