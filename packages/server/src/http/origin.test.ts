import { describe, expect, it } from "vitest";
import { isAllowedOrigin } from "./origin.ts";

describe("isAllowedOrigin", () => {
  it.each([
    [undefined, "localhost:3000", undefined, true],
    ["http://localhost:3000", "localhost:3000", undefined, true],
    ["https://chess.example", "internal:3000", "https://chess.example", true],
    ["https://evil.example", "localhost:3000", undefined, false],
    ["http://localhost:3000.evil.example", "localhost:3000", undefined, false],
    ["null", "localhost:3000", undefined, false],
    ["http://localhost:3000", undefined, undefined, false],
  ])("origin %s on host %s (public %s) → %s", (origin, host, pub, expected) => {
    expect(isAllowedOrigin(origin, host, pub)).toBe(expected);
  });
});
