import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { VacationControls } from "./VacationControls.tsx";

const DAY = 86_400_000;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

afterEach(() => {
  vi.unstubAllGlobals();
  cleanup();
});

describe("VacationControls", () => {
  it("shows the vacation left, and starting one says the games are paused", async () => {
    const runsOutAt = Date.UTC(2026, 11, 12, 10);
    const fetch = vi.fn(async (_path: string, init?: RequestInit) =>
      init?.method === "POST"
        ? json({ balanceMs: 8 * DAY, onVacation: true, since: Date.UTC(2026, 11, 3), runsOutAt })
        : json({ balanceMs: 9 * DAY, onVacation: false, since: null, runsOutAt: null }),
    );
    vi.stubGlobal("fetch", fetch);
    render(<VacationControls />);
    expect(await screen.findByText("9 days")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Start vacation" }));
    expect(await screen.findByRole("button", { name: "End vacation" })).toBeTruthy();
    expect(screen.getByText(/You are on vacation: your daily games are paused until/)).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith("/daily/vacation", expect.objectContaining({ method: "POST" }));
  });

  it("says why a vacation cannot start, and changes nothing", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_path: string, init?: RequestInit) =>
        init?.method === "POST"
          ? json({ message: "You have no vacation time left", code: "no_vacation" }, 409)
          : json({ balanceMs: 0, onVacation: false, since: null, runsOutAt: null }),
      ),
    );
    render(<VacationControls />);
    fireEvent.click(await screen.findByRole("button", { name: "Start vacation" }));
    expect((await screen.findByRole("alert")).textContent).toBe("You have no vacation time left");
    expect(screen.getByRole("button", { name: "Start vacation" })).toBeTruthy();
  });
});
