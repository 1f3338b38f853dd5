import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CountBadge } from "./CountBadge.tsx";

afterEach(cleanup);

describe("CountBadge", () => {
  it.each([
    [1, "1"],
    [99, "99"],
    [100, "99+"],
    [1234, "99+"],
  ])("shows %d as %s, and reads the full label", (count, shown) => {
    render(<CountBadge count={count} label={`${count} unread messages`} />);
    // The eye sees the (capped) number, a screen reader hears the whole label.
    expect(screen.getByRole("img", { name: `${count} unread messages` }).textContent).toBe(shown);
  });

  it("shows nothing for no count", () => {
    const { container } = render(<CountBadge count={0} label="0 unread messages" />);
    expect(container.innerHTML).toBe("");
  });

  it("keeps the host's class beside its own", () => {
    const { container } = render(<CountBadge count={3} label="3 new" className="topnav__badge" />);
    expect(container.firstElementChild?.className).toBe("count-badge topnav__badge");
  });
});
