import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FriendsApiContext } from "../features/friends/index.ts";
import { fakeFriendsApi } from "../features/friends/testFriendsApi.ts";
import { fakeIdentity, renderWithIdentity } from "../test/identity.tsx";
import { MyProfilePage } from "./MyProfilePage.tsx";

afterEach(cleanup);

describe("MyProfilePage", () => {
  it("offers Create User and Login to a guest, each opening its dialog; Escape closes", () => {
    renderWithIdentity(<MyProfilePage />);
    expect(screen.getByText("Guest-4821")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Create User" }));
    expect(screen.getByRole("dialog", { name: "Create User" })).toBeTruthy();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(screen.getByRole("dialog", { name: "Login" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the user's name and a Logout button when logged in", async () => {
    const identity = fakeIdentity({ identity: { kind: "user", username: "alice" }, logout: vi.fn(async () => {}) });
    renderWithIdentity(
      <FriendsApiContext.Provider value={fakeFriendsApi()}>
        <MyProfilePage />
      </FriendsApiContext.Provider>,
      identity,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("alice");
    expect(screen.queryByRole("button", { name: "Login" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Logout" }));
    await waitFor(() => expect(identity.logout).toHaveBeenCalledTimes(1));
  });

  it("sets the document title", () => {
    renderWithIdentity(<MyProfilePage />);
    expect(document.title).toBe("My Profile · Chess");
  });
});
