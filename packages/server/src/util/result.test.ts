import { describe, expect, it } from "vitest";
import { waitInWords } from "./result.ts";

describe("waitInWords", () => {
  it.each([
    [0.2, "1 second"],
    [1, "1 second"],
    [40, "40 seconds"],
    [59, "59 seconds"],
    [60, "1 minute"],
    [61, "2 minutes"],
    [3187, "54 minutes"],
    [3600, "60 minutes"],
    [90 * 60, "90 minutes"],
    [90 * 60 + 1, "about 2 hours"],
    [3 * 3600, "about 3 hours"],
  ])("%s s reads %s", (seconds, words) => {
    expect(waitInWords(seconds)).toBe(words);
  });
});
