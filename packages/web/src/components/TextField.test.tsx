import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TextField } from "./TextField.tsx";

afterEach(cleanup);

const field = (value: string, extra: { maxLength?: number; error?: string } = {}) => {
  render(<TextField label="Club name" value={value} onChange={() => {}} {...extra} />);
  return screen.getByRole("textbox", { name: "Club name" });
};

describe("TextField", () => {
  it.each([
    ["far from the limit", "Knights", 40, null],
    ["at 80% of it", "x".repeat(32), 40, "32 / 40 characters"],
    ["at it", "x".repeat(40), 40, "40 / 40 characters"],
    ["without a limit", "x".repeat(400), undefined, null],
  ])("%s shows %s", (_case, value, maxLength, count) => {
    const input = field(value, maxLength === undefined ? {} : { maxLength });
    const description = input.getAttribute("aria-describedby");
    if (count === null) {
      expect(description).toBeNull();
      expect(screen.queryByText(/characters$/)).toBeNull();
    } else {
      expect(document.getElementById(description ?? "")?.textContent).toBe(count);
    }
  });

  it("is described by its error and its count together", () => {
    const input = field("x".repeat(40), { maxLength: 40, error: "That name is taken" });
    const texts = (input.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(["That name is taken", "40 / 40 characters"]);
    expect(input.getAttribute("aria-invalid")).toBe("true");
  });
});
