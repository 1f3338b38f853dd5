import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CreateGameModal } from "./CreateGameModal.tsx";

afterEach(cleanup);

function setup(onCreate = vi.fn(async () => undefined as string | undefined)) {
  const onClose = vi.fn();
  render(<CreateGameModal onClose={onClose} onCreate={onCreate} />);
  return { onClose, onCreate, dialog: screen.getByRole("dialog", { name: "Create Game" }) };
}

describe("CreateGameModal", () => {
  it("closes on Escape, with the X and with Cancel", () => {
    const { onClose } = setup();
    fireEvent.keyDown(document, { key: "Escape" });
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it("offers Standard in the variant select", () => {
    setup();
    const select = screen.getByLabelText("Variant") as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(["Standard"]);
    expect(select.value).toBe("standard");
  });

  it("shows the 12 presets in four headed groups", () => {
    setup();
    const groups = ["Bullet", "Blitz", "Rapid", "Classical"].map((name) => screen.getByRole("group", { name }));
    expect(groups.map((g) => within(g).getByRole("heading").textContent)).toEqual([
      "Bullet",
      "Blitz",
      "Rapid",
      "Classical",
    ]);
    expect(
      groups.map((g) =>
        within(g)
          .getAllByRole("button")
          .map((b) => b.textContent),
      ),
    ).toEqual([
      ["1+0", "1+2", "2+1"],
      ["3+2", "5+0", "5+5"],
      ["10+0", "10+5", "15+10"],
      ["60+15", "90+30", "120+60"],
    ]);
    expect(groups.flatMap((g) => within(g).getAllByRole("button"))).toHaveLength(12);
    expect(screen.getByRole("button", { name: "10+0" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("has custom sliders with the spec's ranges, steps and defaults, and a live label", () => {
    setup();
    fireEvent.click(screen.getByRole("button", { name: "Custom" }));
    const minutes = screen.getByLabelText(/Minutes per side/) as HTMLInputElement;
    const increment = screen.getByLabelText(/Increment in seconds/) as HTMLInputElement;
    expect([minutes.type, minutes.min, minutes.max, minutes.step, minutes.value]).toEqual([
      "range",
      "0.5",
      "60",
      "0.5",
      "5",
    ]);
    expect([increment.min, increment.max, increment.step, increment.value]).toEqual(["0", "30", "1", "3"]);
    expect(screen.getByText("5 min + 3 s")).toBeTruthy();
    fireEvent.change(minutes, { target: { value: "2.5" } });
    fireEvent.change(increment, { target: { value: "0" } });
    expect(screen.getByText("2.5 min + 0 s")).toBeTruthy();
  });

  it("creates the chosen offer and closes", async () => {
    const { onCreate, onClose } = setup();
    fireEvent.click(screen.getByRole("button", { name: "5+5" }));
    fireEvent.click(screen.getByLabelText("Black"));
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onCreate).toHaveBeenCalledWith({
      baseTime: 5,
      increment: 5,
      variant: "standard",
      selectedColor: "black",
      isCreatorsHandicap: false,
      clubId: null,
    });
  });

  it("sends the custom time and shows the server's refusal without closing", async () => {
    const onCreate = vi.fn(async () => "You are already playing a game");
    const { onClose } = setup(onCreate);
    fireEvent.click(screen.getByRole("button", { name: "Custom" }));
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect((await screen.findByRole("alert")).textContent).toBe("You are already playing a game");
    expect(onCreate).toHaveBeenCalledWith(
      expect.objectContaining({ baseTime: 5, increment: 3, selectedColor: "random" }),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
