import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useEffect, useState } from "react";
import { MemoryRouter, Route, Routes, useNavigate } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { Layout, type NavItem } from "./Layout.tsx";

afterEach(cleanup);

function renderNav(nav: NavItem[], path = "/") {
  render(
    <MemoryRouter initialEntries={[path]}>
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

describe("Layout navigation highlight", () => {
  const nav: NavItem[] = [
    { to: "/", label: "Play", activeOn: ["/play"] },
    { to: "/daily", label: "Daily", activeOn: ["/daily/*"] },
  ];
  const current = (name: string) => screen.getByRole("link", { name }).getAttribute("aria-current");

  it("marks the entry's own page as the page, a page under it as in its section, and others not", () => {
    renderNav(nav, "/daily/g1");
    expect(current("Daily")).toBe("true");
    expect(screen.getByRole("link", { name: "Daily" }).className).toContain("topnav__link--active");
    expect(current("Play")).toBeNull();
    cleanup();
    renderNav(nav, "/daily");
    expect(current("Daily")).toBe("page");
  });

  it("highlights nothing on a page no entry owns", () => {
    renderNav(nav, "/analysis");
    expect(document.querySelector(".topnav__link--active")).toBeNull();
  });
});

describe("Layout focus after a route change", () => {
  /** A lobby whose Play button leaves with the page, as a dialog that starts a game does. */
  function Lobby() {
    const navigate = useNavigate();
    return (
      <>
        <button type="button" onClick={() => void navigate("/play?gameId=g1")}>
          Play
        </button>
        <button type="button" onClick={() => void navigate("/analysis?gameId=g1")}>
          View Analysis
        </button>
      </>
    );
  }

  /** A page whose placeholder heading is replaced once it has loaded, as the analysis page's is. */
  function LoadingPage() {
    const [loaded, setLoaded] = useState(false);
    useEffect(() => {
      const t = setTimeout(() => setLoaded(true), 20);
      return () => clearTimeout(t);
    }, []);
    return loaded ? <h1 key="page">Analysis</h1> : <h1 key="placeholder">Loading the game…</h1>;
  }

  function renderSite() {
    render(
      <MemoryRouter initialEntries={["/"]}>
        <Layout brand="Chess" logoSrc="/x.svg" nav={[{ to: "/other", label: "Other" }]}>
          <Routes>
            <Route index element={<Lobby />} />
            <Route path="play" element={<h1>alice vs bob</h1>} />
            <Route path="analysis" element={<LoadingPage />} />
            <Route path="other" element={<h1>Other</h1>} />
          </Routes>
        </Layout>
      </MemoryRouter>,
    );
  }

  it("goes to the new page's heading when it went with the old page", () => {
    renderSite();
    const play = screen.getByRole("button", { name: "Play" });
    play.focus();
    fireEvent.click(play);
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "alice vs bob" }));
  });

  it("follows a placeholder's heading to the loaded page's", async () => {
    renderSite();
    const view = screen.getByRole("button", { name: "View Analysis" });
    view.focus();
    fireEvent.click(view);
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Loading the game…" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Analysis" })));
  });

  it("stays where it is when it survived the change", () => {
    renderSite();
    const link = screen.getByRole("link", { name: "Other" });
    link.focus();
    fireEvent.click(link);
    expect(screen.getByRole("heading", { name: "Other" })).toBeTruthy();
    expect(document.activeElement).toBe(link);
  });
});
