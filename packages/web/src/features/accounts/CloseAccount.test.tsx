import { MESSAGES } from "@chess/shared";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "../../components/Toast.tsx";
import { ApiRequestError } from "../../lib/api.ts";
import { fakeIdentity } from "../../test/identity.tsx";
import { CloseAccount } from "./CloseAccount.tsx";
import { IdentityContext } from "./IdentityProvider.tsx";

afterEach(cleanup);

function setup(closeAccount = vi.fn(async (_password: string) => MESSAGES.closedAccount)) {
  const identity = fakeIdentity({ identity: { kind: "user", username: "alice" }, closeAccount });
  render(
    <IdentityContext.Provider value={identity}>
      <ToastProvider>
        <MemoryRouter initialEntries={["/settings"]}>
          <Routes>
            <Route path="/settings" element={<CloseAccount />} />
            <Route path="/" element={<p>The lobby</p>} />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </IdentityContext.Provider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Close account" }));
  const dialog = () => screen.getByRole("dialog", { name: "Close your account?" });
  const password = () => within(dialog()).getByLabelText("Current password") as HTMLInputElement;
  const type = (value: string) => fireEvent.change(password(), { target: { value } });
  const confirm = () => fireEvent.click(within(dialog()).getByRole("button", { name: "Close my account" }));
  return { closeAccount, dialog, password, type, confirm };
}

describe("CloseAccount", () => {
  it("opens a dialog that says what happens, names the account and asks for its password", () => {
    const { dialog, password } = setup();
    expect(dialog().textContent).toContain("Closing alice cannot be undone");
    expect(dialog().textContent).toContain("logged out on every device");
    expect(dialog().textContent).toContain("nobody, you included, can sign up with it again");
    expect(dialog().textContent).toContain("Finish or resign any game in progress first");
    expect(password().type).toBe("password");
    expect(password().autocomplete).toBe("current-password");
    expect(document.activeElement).toBe(password());
  });

  it("asks for the password before anything is sent", () => {
    const { closeAccount, confirm, password } = setup();
    confirm();
    expect(screen.getByText("Enter your password")).toBeTruthy();
    expect(password().getAttribute("aria-invalid")).toBe("true");
    expect(closeAccount).not.toHaveBeenCalled();
  });

  it("shows a refusal in the dialog, which stays open for another try", async () => {
    const closeAccount = vi.fn(async () => Promise.reject(new ApiRequestError(401, MESSAGES.wrongCurrentPassword)));
    const { type, confirm, dialog } = setup(closeAccount);
    type("not my password");
    confirm();
    expect((await within(dialog()).findByRole("alert")).textContent).toBe(MESSAGES.wrongCurrentPassword);
    const button = within(dialog()).getByRole("button", { name: "Close my account" }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(screen.queryByText("The lobby")).toBeNull();
  });

  it("closes the account, says so and lands on the lobby", async () => {
    const { closeAccount, type, confirm } = setup();
    type("correct horse");
    confirm();
    expect(await screen.findByText("The lobby")).toBeTruthy();
    expect(closeAccount).toHaveBeenCalledWith("correct horse");
    expect(screen.getByText(MESSAGES.closedAccount)).toBeTruthy();
    expect(screen.getByText(/play on as a guest/)).toBeTruthy();
  });

  it("sends nothing when cancelled", async () => {
    const { closeAccount, dialog, type } = setup();
    type("correct horse");
    fireEvent.click(within(dialog()).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(closeAccount).not.toHaveBeenCalled();
  });
});
