import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "../../lib/api.ts";
import { CREATE_CLUB_CLOSE_MS, CreateClubModal } from "./CreateClubModal.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup(
  onCreate = vi.fn(async (_name: string, _about: unknown) => ({ clubId: 7, successMsg: "Club created" })),
) {
  const onCreated = vi.fn();
  const onClose = vi.fn();
  render(<CreateClubModal onCreate={onCreate} onCreated={onCreated} onClose={onClose} />);
  const dialog = screen.getByRole("dialog", { name: "Create a club" });
  const input = screen.getByLabelText("Club name") as HTMLInputElement;
  const create = screen.getByRole("button", { name: "Create" }) as HTMLButtonElement;
  return { onCreate, onCreated, onClose, dialog, input, create };
}

describe("CreateClubModal", () => {
  it("disables Create while the name is blank", () => {
    const { input, create, onCreate } = setup();
    expect(create.disabled).toBe(true);
    fireEvent.change(input, { target: { value: "    " } });
    expect(create.disabled).toBe(true);
    fireEvent.submit(input.closest("form") as HTMLFormElement);
    expect(onCreate).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: " Knights " } });
    expect(create.disabled).toBe(false);
  });

  it("creates the trimmed name, shows the success message and closes after 1.5 s", async () => {
    vi.useFakeTimers();
    const { input, create, onCreate, onCreated } = setup();
    fireEvent.change(input, { target: { value: " Knights " } });
    await act(async () => fireEvent.click(create));
    expect(onCreate).toHaveBeenCalledWith("Knights", { joinPolicy: "open", description: "" });
    expect(screen.getByRole("status").textContent).toBe("Club created");
    act(() => vi.advanceTimersByTime(CREATE_CLUB_CLOSE_MS - 1));
    expect(onCreated).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onCreated).toHaveBeenCalledWith(7);
  });

  it("asks who may join (open by default, so the club can be found) and what the club is about", async () => {
    const { input, create, onCreate } = setup();
    expect((screen.getByLabelText(/Anyone can join/) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(input, { target: { value: "Knights" } });
    fireEvent.click(screen.getByLabelText(/Join by request/));
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: "  Rapid on Sundays  " } });
    await act(async () => fireEvent.click(create));
    expect(onCreate).toHaveBeenCalledWith("Knights", { joinPolicy: "request", description: "Rapid on Sundays" });
  });

  it("shows the server's message in red", async () => {
    const { input, create } = setup(
      vi.fn(async () => {
        throw new ApiRequestError(409, "A club with this name already exists");
      }),
    );
    fireEvent.change(input, { target: { value: "Knights" } });
    await act(async () => fireEvent.click(create));
    expect(screen.getByRole("alert").textContent).toBe("A club with this name already exists");
  });

  it("closes on Escape", () => {
    const { onClose } = setup();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
