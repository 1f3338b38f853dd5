import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MessageComposer } from "./MessageComposer.tsx";

afterEach(cleanup);

const composer = (value: string) =>
  render(
    <MessageComposer
      inputId="m"
      value={value}
      onChange={() => {}}
      onSubmit={() => {}}
      maxLength={140}
      placeholder="Message…"
      sending={false}
    />,
  );

describe("a message's length near its limit", () => {
  it.each([
    [0, null],
    [111, null],
    [112, "112 / 140 characters"],
    [140, "140 / 140 characters"],
  ])("%d characters of 140 show %s", (length, count) => {
    composer("x".repeat(length));
    const shown = screen.queryByText(/ characters$/);
    expect(shown?.textContent ?? null).toBe(count);
    const input = screen.getByRole("textbox", { name: "Message" });
    expect(input.getAttribute("aria-describedby")).toBe(count ? "m-count" : null);
  });
});
