import { type ApiSuccess, MESSAGES } from "@chess/shared";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "../../lib/api.ts";
import { ChangePasswordForm } from "./ChangePasswordForm.tsx";

afterEach(cleanup);

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function setup(changePassword = vi.fn(async (): Promise<ApiSuccess> => ({ successMsg: MESSAGES.passwordChanged }))) {
  render(<ChangePasswordForm client={{ changePassword }} />);
  const fill = (current: string, next: string, repeat = next) => {
    fireEvent.change(field("Current password"), { target: { value: current } });
    fireEvent.change(field("New password"), { target: { value: next } });
    fireEvent.change(field("Repeat new password"), { target: { value: repeat } });
  };
  const submit = () => fireEvent.click(screen.getByRole("button", { name: "Change password" }));
  return { changePassword, fill, submit };
}

describe("ChangePasswordForm", () => {
  it("offers password managers the right fields", () => {
    setup();
    expect(field("Current password").autocomplete).toBe("current-password");
    expect(field("New password").autocomplete).toBe("new-password");
    expect(field("Repeat new password").autocomplete).toBe("new-password");
    expect(field("New password").type).toBe("password");
  });

  it("says the passwords must match and sends nothing", () => {
    const { changePassword, fill, submit } = setup();
    fill("correct horse", "battery staple", "battery stapler");
    submit();
    expect(screen.getByText(MESSAGES.passwordsMustMatch)).toBeTruthy();
    expect(field("Repeat new password").getAttribute("aria-invalid")).toBe("true");
    expect(changePassword).not.toHaveBeenCalled();
  });

  it("is busy while the server answers, then says so and clears the fields", async () => {
    let answer: (value: { successMsg: string }) => void = () => {};
    const changePassword = vi.fn(() => new Promise<{ successMsg: string }>((resolve) => (answer = resolve)));
    const { fill, submit } = setup(changePassword);
    fill("correct horse", "battery staple");
    submit();
    const button = screen.getByRole("button", { name: "Change password" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(changePassword).toHaveBeenCalledWith({ currentPassword: "correct horse", newPassword: "battery staple" });

    answer({ successMsg: MESSAGES.passwordChanged });
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe(MESSAGES.passwordChanged));
    expect(button.disabled).toBe(false);
    expect(
      [field("Current password"), field("New password"), field("Repeat new password")].map((f) => f.value),
    ).toEqual(["", "", ""]);
  });

  it("shows the server's refusal in an alert and keeps what was typed", async () => {
    const changePassword = vi.fn(async () => {
      throw new ApiRequestError(401, MESSAGES.wrongCurrentPassword, "unauthorized");
    });
    const { fill, submit } = setup(changePassword);
    fill("not my password", "battery staple");
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe(MESSAGES.wrongCurrentPassword);
    expect(screen.getByRole("status").textContent).toBe("");
    expect(field("New password").value).toBe("battery staple");
    expect((screen.getByRole("button", { name: "Change password" }) as HTMLButtonElement).disabled).toBe(false);
  });
});
