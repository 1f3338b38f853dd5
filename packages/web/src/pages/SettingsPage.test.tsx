import { DEFAULT_PREFERENCES } from "@chess/shared";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { preferences } from "../features/preferences/index.ts";
import { fakeIdentity, renderWithIdentity } from "../test/identity.tsx";
import { SettingsPage } from "./SettingsPage.tsx";

const DAY = 86_400_000;

// A player's settings read their daily vacation; the rest of the page needs no server.
beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () => new Response(JSON.stringify({ balanceMs: 9 * DAY, onVacation: false, since: null, runsOutAt: null })),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  cleanup();
  preferences.update(DEFAULT_PREFERENCES);
  localStorage.clear();
});

const square = (name: string) =>
  screen
    .getByRole("region", { name: "Board preview" })
    .querySelector<HTMLElement>(`[data-square='${name}']`)
    ?.style.backgroundColor.replace(/\s/g, "");

describe("SettingsPage", () => {
  it("shows the defaults: the system theme and the spec's board", () => {
    renderWithIdentity(<SettingsPage />);
    expect((screen.getByRole("radio", { name: /System/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "Brown" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "Normal" }) as HTMLInputElement).checked).toBe(true);
    expect(square("a8")).toBe("rgb(240,217,181)");
    expect(screen.getByText(/Saved in this browser/).getAttribute("role")).toBe("status");
  });

  it("applies a choice at once and keeps it in the browser for a guest", () => {
    renderWithIdentity(<SettingsPage />);
    fireEvent.click(screen.getByRole("radio", { name: /Dark/ }));
    fireEvent.click(screen.getByRole("radio", { name: "Green" }));
    fireEvent.click(screen.getByRole("checkbox", { name: /coordinates/ }));
    fireEvent.change(screen.getByRole("slider", { name: "Volume" }), { target: { value: "35" } });
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(square("a8")).toBe("rgb(235,236,208)");
    expect(screen.getByText("35%")).toBeTruthy();
    expect(JSON.parse(localStorage.getItem("preferences") ?? "{}")).toMatchObject({
      theme: "dark",
      boardColors: "green",
      showCoordinates: false,
      soundVolume: 35,
    });
  });

  it("offers the sound sets, wood first, and keeps the one chosen", () => {
    renderWithIdentity(<SettingsPage />);
    const sets = within(screen.getByRole("group", { name: "Sounds" })).getAllByRole("radio");
    expect(sets.map((r) => (r as HTMLInputElement).value)).toEqual(["wood", "chime", "digital"]);
    expect((sets[0] as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: /Digital/ }));
    expect(screen.getByTestId("sound-settings").dataset.soundSet).toBe("digital");
    expect(JSON.parse(localStorage.getItem("preferences") ?? "{}")).toMatchObject({ soundSet: "digital" });
  });

  it("turns the volume off with the sound and resets everything to the defaults", () => {
    renderWithIdentity(<SettingsPage />);
    fireEvent.click(screen.getByRole("checkbox", { name: /Play sounds/ }));
    expect((screen.getByRole("slider", { name: "Volume" }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: /Simple/ }));
    fireEvent.click(screen.getByRole("button", { name: "Reset to defaults" }));
    expect(preferences.get().prefs).toEqual(DEFAULT_PREFERENCES);
  });

  it("has Password and Account sections for a logged-in player only", () => {
    renderWithIdentity(<SettingsPage />);
    expect(screen.queryByRole("heading", { name: "Password" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Account" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Close account" })).toBeNull();
    cleanup();
    renderWithIdentity(<SettingsPage />, fakeIdentity({ identity: { kind: "user", username: "alice" } }));
    const section = screen.getByRole("region", { name: "Password" });
    expect(section.querySelectorAll("input[type='password']")).toHaveLength(3);
    expect(screen.getByRole("button", { name: "Change password" })).toBeTruthy();
    const account = screen.getByRole("region", { name: "Account" });
    expect(within(account).getByRole("button", { name: "Close account" })).toBeTruthy();
  });

  it("lets a logged-in player choose which takebacks they may be asked for; a guest is told to log in", () => {
    renderWithIdentity(<SettingsPage />);
    const games = screen.getByRole("region", { name: "Games" });
    expect(games.querySelector("input[type='radio']")).toBeNull();
    expect(games.textContent).toMatch(/Log in to choose/);
    cleanup();
    renderWithIdentity(<SettingsPage />, fakeIdentity({ identity: { kind: "user", username: "alice" } }));
    expect((screen.getByRole("radio", { name: /Always/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: /In casual games/ }));
    expect(preferences.get().prefs.takebacks).toBe("casual");
  });

  it("shows a player the vacation left, and the browser notifications' switch", async () => {
    renderWithIdentity(<SettingsPage />, fakeIdentity({ identity: { kind: "user", username: "alice" } }));
    const daily = screen.getByRole("region", { name: "Daily games" });
    expect(await within(daily).findByText("9 days")).toBeTruthy();
    expect(within(daily).getByRole("button", { name: "Start vacation" })).toBeTruthy();
    expect(within(daily).getByRole("checkbox", { name: /Browser notifications/ })).toBeTruthy();
  });
});
