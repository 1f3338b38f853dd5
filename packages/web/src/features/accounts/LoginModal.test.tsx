import { MESSAGES } from "@chess/shared";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "../../lib/api.ts";
import { fakeIdentity, renderWithIdentity } from "../../test/identity.tsx";
import { LoginModal } from "./LoginModal.tsx";

afterEach(cleanup);

function setup(login: (username: string, password: string) => Promise<void> = vi.fn(async () => {})) {
  const onClose = vi.fn();
  renderWithIdentity(<LoginModal onClose={onClose} />, fakeIdentity({ login }));
  fireEvent.change(screen.getByLabelText("Username"), { target: { value: "alice" } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: "correct horse" } });
  const submit = () => fireEvent.click(screen.getByRole("button", { name: "Log in" }));
  return { onClose, submit };
}

describe("LoginModal", () => {
  it("is the Login dialog, focused on Username", () => {
    setup();
    expect(screen.getByRole("dialog", { name: "Login" })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Username"));
  });

  it("closes on Escape and with the X", () => {
    const { onClose } = setup();
    fireEvent.keyDown(document, { key: "Escape" });
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("logs in with the typed credentials and closes", async () => {
    const login = vi.fn(async () => {});
    const { onClose, submit } = setup(login);
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(login).toHaveBeenCalledWith("alice", "correct horse");
  });

  it("shows the server's message when the credentials are wrong", async () => {
    const login = vi.fn(async () => {
      throw new ApiRequestError(401, MESSAGES.badCredentials, "unauthorized");
    });
    const { onClose, submit } = setup(login);
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid username or password");
    expect(onClose).not.toHaveBeenCalled();
  });

  it("does not call the server with an empty password", () => {
    const login = vi.fn(async () => {});
    const { submit } = setup(login);
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "" } });
    submit();
    expect(screen.getByText("Enter your password")).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });
});
