import { MESSAGES } from "@chess/shared";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "../../lib/api.ts";
import { fakeIdentity, renderWithIdentity } from "../../test/identity.tsx";
import { CreateUserModal } from "./CreateUserModal.tsx";

afterEach(cleanup);

function setup(createUser = vi.fn(async () => {})) {
  const onClose = vi.fn();
  renderWithIdentity(<CreateUserModal onClose={onClose} />, fakeIdentity({ createUser }));
  const fill = (values: Partial<Record<"Username" | "Email" | "Password" | "Repeat password", string>>) => {
    for (const [label, value] of Object.entries(values)) {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    }
  };
  const submit = () => fireEvent.click(screen.getByRole("button", { name: "Create account" }));
  return { onClose, createUser, fill, submit };
}

const valid = {
  Username: "alice",
  Email: "alice@example.com",
  Password: "correct horse",
  "Repeat password": "correct horse",
};

describe("CreateUserModal", () => {
  it("is the Create User dialog with the four labelled fields", () => {
    setup();
    const dialog = screen.getByRole("dialog", { name: "Create User" });
    for (const label of ["Username", "Email", "Password", "Repeat password"]) {
      expect(dialog.contains(screen.getByLabelText(label))).toBe(true);
    }
  });

  it("closes on Escape", () => {
    const { onClose } = setup();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows the e-mail message and does not call the API for a bad e-mail", () => {
    const { fill, submit, createUser } = setup();
    fill({ ...valid, Email: "alice@example" });
    submit();
    expect(screen.getByText(MESSAGES.invalidEmail)).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(createUser).not.toHaveBeenCalled();
  });

  it("shows 'Passwords must match' and does not call the API when the repeat differs", () => {
    const { fill, submit, createUser } = setup();
    fill({ ...valid, "Repeat password": "correct horsE" });
    submit();
    expect(screen.getByText("Passwords must match")).toBeTruthy();
    expect(createUser).not.toHaveBeenCalled();
  });

  it("shows 'Passwords must match' for a blank password", () => {
    const { fill, submit, createUser } = setup();
    fill({ ...valid, Password: "   ", "Repeat password": "   " });
    submit();
    expect(screen.getByText("Passwords must match")).toBeTruthy();
    expect(createUser).not.toHaveBeenCalled();
  });

  it("shows both messages for an empty form and sends nothing", () => {
    const { submit, createUser } = setup();
    submit();
    expect(screen.getByText(MESSAGES.invalidEmail)).toBeTruthy();
    expect(screen.getByText("Passwords must match")).toBeTruthy();
    expect(createUser).not.toHaveBeenCalled();
  });

  it("clears a field's message once it is edited", () => {
    const { fill, submit } = setup();
    fill({ ...valid, Email: "nope" });
    submit();
    expect(screen.queryByText(MESSAGES.invalidEmail)).toBeTruthy();
    fill({ Email: "nope@example.com" });
    expect(screen.queryByText(MESSAGES.invalidEmail)).toBeNull();
  });

  it("creates the account with the form's values and closes", async () => {
    const { fill, submit, createUser, onClose } = setup();
    fill(valid);
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(createUser).toHaveBeenCalledWith({
      username: "alice",
      email: "alice@example.com",
      password: "correct horse",
    });
  });

  it("shows the server's message and stays open when the server refuses", async () => {
    const createUser = vi.fn(async () => {
      throw new ApiRequestError(409, MESSAGES.usernameTaken, "conflict");
    });
    const { fill, submit, onClose } = setup(createUser);
    fill(valid);
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe(MESSAGES.usernameTaken);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Create account" }).hasAttribute("disabled")).toBe(false);
  });
});
