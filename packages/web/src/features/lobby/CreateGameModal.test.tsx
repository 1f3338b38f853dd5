import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CreateGameModal } from "./CreateGameModal.tsx";

afterEach(cleanup);

function setup(onCreate = vi.fn(async () => undefined as string | undefined)) {
  const onClose = vi.fn();
  render(<CreateGameModal onClose={onClose} onCreate={onCreate} />);
  return { onClose, onCreate, dialog: screen.getByRole("dialog", { name: "Create Game" }) };
}

describe("CreateGameModal", () => {
  it("leads a player who already has a game on back to it", async () => {
    const onCreate = vi.fn(async () => "You are already playing a game" as string | undefined);
    const game = { gameId: "g7", opponent: "bob", isWhite: false, variant: "standard", timeClass: "blitz" } as const;
    render(
      <MemoryRouter>
        <CreateGameModal onClose={vi.fn()} onCreate={onCreate} liveGames={[{ ...game, baseTime: 3, increment: 2 }]} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect((await screen.findByRole("alert")).textContent).toBe("You are already playing a game");
    expect(screen.getByRole("link", { name: "Resume" }).getAttribute("href")).toBe("/play?gameId=g7");
  });

  it("closes on Escape, with the X and with Cancel", () => {
    const { onClose } = setup();
    fireEvent.keyDown(document, { key: "Escape" });
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it("offers Standard and Jumpstart Chess in the variant select", () => {
    setup();
    const select = screen.getByLabelText("Variant") as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(["Standard", "Jumpstart Chess", "Chess960"]);
    expect(select.value).toBe("standard");
    expect(screen.queryByRole("group", { name: "Game stage" })).toBeNull();
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

  describe("jumpstart", () => {
    function chooseJumpstart() {
      fireEvent.change(screen.getByLabelText("Variant"), { target: { value: "jumpstart" } });
    }
    const pressed = (name: string | RegExp) => screen.getByRole("button", { name }).getAttribute("aria-pressed");

    it("shows stage and handicap choices with their ranges, the worse-side choice and help, no colour", () => {
      setup();
      chooseJumpstart();
      const stages = within(screen.getByRole("group", { name: "Game stage" })).getAllByRole("button");
      expect(stages.map((b) => b.getAttribute("aria-label"))).toEqual([
        "Early game · moves 10\u201320",
        "Middlegame · moves 20\u201340",
        "Late game · moves 40\u2013100",
      ]);
      const handicaps = within(screen.getByRole("group", { name: "Handicap" })).getAllByRole("button");
      expect(handicaps.map((b) => b.getAttribute("aria-label"))).toEqual([
        "Almost even · 0\u20131 pawns",
        "Uphill battle · 1\u20133 pawns",
        "Free climbing · 3\u20135 pawns",
      ]);
      expect(screen.getByRole("group", { name: "Who takes the worse side?" })).toBeTruthy();
      expect(screen.queryByRole("group", { name: "Your colour" })).toBeNull();
      expect(screen.getByText(/move number of the starting position/)).toBeTruthy();
      expect(screen.getByText(/evaluation of the position in pawns/)).toBeTruthy();
      // The time control stays, 10+0 preselected.
      expect(pressed("10+0")).toBe("true");
    });

    it("names the missing fields and sends nothing (SPEC §5)", async () => {
      const { onCreate, onClose } = setup();
      chooseJumpstart();
      // Both come chosen; a second press takes a choice back.
      expect(pressed(/^Middlegame/)).toBe("true");
      expect(pressed(/^Almost even/)).toBe("true");
      fireEvent.click(screen.getByRole("button", { name: /^Middlegame/ }));
      fireEvent.click(screen.getByRole("button", { name: /^Almost even/ }));
      fireEvent.click(screen.getByRole("button", { name: "Create" }));
      expect((await screen.findByRole("alert")).textContent).toBe(
        "You are missing the following input fields: Handicap, Game Stage",
      );
      fireEvent.click(screen.getByRole("button", { name: /^Middlegame/ }));
      fireEvent.click(screen.getByRole("button", { name: "Create" }));
      expect(screen.getByRole("alert").textContent).toBe("You are missing the following input fields: Handicap");
      expect(onCreate).not.toHaveBeenCalled();
      expect(onClose).not.toHaveBeenCalled();
    });

    it("creates a preset jumpstart offer with the limits and who takes the handicap", async () => {
      const { onCreate, onClose } = setup();
      chooseJumpstart();
      fireEvent.click(screen.getByRole("button", { name: /^Early game/ }));
      fireEvent.click(screen.getByRole("button", { name: /^Uphill battle/ }));
      expect(pressed("Early game · moves 10\u201320")).toBe("true");
      expect(pressed(/^Middlegame/)).toBe("false");
      fireEvent.click(screen.getByRole("button", { name: "5+5" }));
      fireEvent.click(screen.getByLabelText("Me"));
      fireEvent.click(screen.getByRole("button", { name: "Create" }));
      await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
      expect(onCreate).toHaveBeenCalledWith({
        baseTime: 5,
        increment: 5,
        variant: "jumpstart",
        selectedColor: "random",
        isCreatorsHandicap: true,
        clubId: null,
        lower_eval_limit: 1,
        upper_eval_limit: 3,
        lower_move_limit: 10,
        upper_move_limit: 20,
      });
    });

    it("has custom range sliders with the spec's bounds and defaults, lower never above upper", async () => {
      const { onCreate } = setup();
      chooseJumpstart();
      fireEvent.click(screen.getByRole("button", { name: "Custom ranges" }));
      const slider = (name: string) => screen.getByRole("slider", { name }) as HTMLInputElement;
      const attrs = (input: HTMLInputElement) => [input.min, input.max, input.step, input.value];
      expect(attrs(slider("Lowest handicap (pawns)"))).toEqual(["0", "5", "0.2", "0"]);
      expect(attrs(slider("Highest handicap (pawns)"))).toEqual(["0", "5", "0.2", "5"]);
      expect(attrs(slider("Lowest move count"))).toEqual(["10", "100", "1", "10"]);
      expect(attrs(slider("Highest move count"))).toEqual(["10", "100", "1", "100"]);

      fireEvent.change(slider("Highest handicap (pawns)"), { target: { value: "1.6" } });
      fireEvent.change(slider("Lowest handicap (pawns)"), { target: { value: "2.4" } });
      expect(slider("Lowest handicap (pawns)").value).toBe("1.6");
      fireEvent.change(slider("Lowest handicap (pawns)"), { target: { value: "0.4" } });
      fireEvent.change(slider("Lowest move count"), { target: { value: "25" } });
      fireEvent.change(slider("Highest move count"), { target: { value: "30" } });
      expect(screen.getByText("0.4\u20131.6")).toBeTruthy();
      expect(screen.getByText("25\u201330")).toBeTruthy();

      fireEvent.click(screen.getByRole("button", { name: "Create" }));
      await waitFor(() => expect(onCreate).toHaveBeenCalledTimes(1));
      expect(onCreate).toHaveBeenCalledWith(
        expect.objectContaining({
          variant: "jumpstart",
          isCreatorsHandicap: false,
          lower_eval_limit: 0.4,
          upper_eval_limit: 1.6,
          lower_move_limit: 25,
          upper_move_limit: 30,
        }),
      );
    });

    it("says a position is being found while a custom-range offer waits, and shows the refusal after", async () => {
      let answer: (refusal: string | undefined) => void = () => {};
      const onCreate = vi.fn(() => new Promise<string | undefined>((resolve) => (answer = resolve)));
      const { onClose } = setup(onCreate);
      chooseJumpstart();
      fireEvent.click(screen.getByRole("button", { name: "Custom ranges" }));
      fireEvent.click(screen.getByRole("button", { name: "Create" }));
      const finding = await screen.findByText("Finding a starting position in your range…");
      expect(finding.getAttribute("role")).toBe("status");
      answer("No position in that range could be found - try a wider range");
      expect((await screen.findByRole("alert")).textContent).toBe(
        "No position in that range could be found - try a wider range",
      );
      expect(screen.queryByText("Finding a starting position in your range…")).toBeNull();
      expect(onClose).not.toHaveBeenCalled();
    });

    it("reopening custom ranges starts again from 0–5 and 10–100", () => {
      setup();
      chooseJumpstart();
      fireEvent.click(screen.getByRole("button", { name: "Custom ranges" }));
      fireEvent.change(screen.getByRole("slider", { name: "Lowest move count" }), { target: { value: "50" } });
      fireEvent.click(screen.getByRole("button", { name: "Preset ranges" }));
      fireEvent.click(screen.getByRole("button", { name: "Custom ranges" }));
      expect((screen.getByRole("slider", { name: "Lowest move count" }) as HTMLInputElement).value).toBe("10");
    });

    it("going back to Standard shows the colour again and sends a plain offer", async () => {
      const { onCreate } = setup();
      chooseJumpstart();
      fireEvent.click(screen.getByRole("button", { name: /^Middlegame/ }));
      fireEvent.click(screen.getByRole("button", { name: "Create" }));
      await screen.findByRole("alert");
      fireEvent.change(screen.getByLabelText("Variant"), { target: { value: "standard" } });
      expect(screen.queryByRole("alert")).toBeNull();
      expect(screen.getByRole("group", { name: "Your colour" })).toBeTruthy();
      fireEvent.click(screen.getByRole("button", { name: "Create" }));
      await waitFor(() => expect(onCreate).toHaveBeenCalledTimes(1));
      expect(onCreate).toHaveBeenCalledWith(expect.not.objectContaining({ lower_eval_limit: expect.anything() }));
    });
  });
});
