import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { Layout, type NavItem } from "./Layout.tsx";

afterEach(cleanup);

function renderNav(nav: NavItem[]) {
  render(
    <MemoryRouter initialEntries={["/"]}>
      <Layout brand="Chess" logoSrc="/x.svg" nav={nav}>
        <p>content</p>
      </Layout>
    </MemoryRouter>,
  );
  return screen.getByRole("navigation", { name: "Main" });
}

describe("Layout navigation badges", () => {
  it("shows a count beside the label and reads it after the label", () => {
    renderNav([
      { to: "/", label: "Play" },
      { to: "/social", label: "Social", badge: 3, badgeLabel: "3 unread messages" },
      { to: "/other", label: "Other", badge: 120 },
    ]);
    const social = screen.getByRole("link", { name: "Social, 3 unread messages" });
    expect(social.textContent).toBe("Social3");
    expect(screen.getByRole("link", { name: "Other, 120 new" }).textContent).toBe("Other99+");
    expect(screen.getByRole("link", { name: "Play" }).textContent).toBe("Play");
  });

  it("shows nothing for a count of 0", () => {
    renderNav([{ to: "/social", label: "Social", badge: 0 }]);
    expect(screen.getByRole("link", { name: "Social" }).textContent).toBe("Social");
  });
});
