import { describe, expect, it } from "vitest";
import { ApiRequestError } from "../../lib/api.ts";
import { clubCreateError, nonBlank, relativeTime } from "./clubText.ts";

describe("nonBlank (SPEC §5)", () => {
  it.each([
    ["  Knights  ", "Knights"],
    ["", undefined],
    ["   \t", undefined],
    ["\u200B", undefined],
    ["\u200B Knights \uFEFF", "Knights"],
  ])("%j → %j", (draft, value) => expect(nonBlank(draft)).toBe(value));
});

describe("clubCreateError (SPEC §8)", () => {
  it("shows the server's message", () => {
    expect(clubCreateError(new ApiRequestError(409, "A club with this name already exists"))).toBe(
      "A club with this name already exists",
    );
  });
  it("names the status when the server sent no message", () => {
    expect(clubCreateError(new ApiRequestError(502, "Request failed with status code 502"))).toBe(
      "Club creation failed with status code 502",
    );
  });
  it("shows the network's message, else Failed", () => {
    expect(clubCreateError(new ApiRequestError(0, "Failed to fetch"))).toBe("Failed to fetch");
    expect(clubCreateError(undefined)).toBe("Failed");
  });
});

describe("relativeTime", () => {
  const now = Date.UTC(2025, 2, 10, 12, 0);
  it.each([
    [now - 10_000, "just now"],
    [now + 5_000, "just now"],
    [now - 5 * 60_000, "5 min ago"],
    [now - 3 * 3600_000, "3 h ago"],
    [now - 2 * 86_400_000, "2 d ago"],
  ])("%i → %s", (then, text) => expect(relativeTime(then, now)).toBe(text));

  it("shows the date after a week", () => {
    expect(relativeTime(Date.UTC(2025, 0, 3, 12), now)).toBe("3 Jan 2025");
  });
});
