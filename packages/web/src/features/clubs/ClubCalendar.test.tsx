import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ClubCalendar } from "./ClubCalendar.tsx";

afterEach(cleanup);

const today = new Date(2025, 2, 12, 10, 0); // Wednesday 12 March 2025
const events = {
  items: [
    { id: 1, title: "Blitz night", event_date: "2025-03-14", author: "ann" },
    { id: 2, title: "Simul", event_date: "2025-04-02", author: "bob" },
  ],
};

describe("ClubCalendar", () => {
  it("shows 42 days from Monday, with dots on days that have notes", () => {
    render(<ClubCalendar events={events} onAddNote={vi.fn()} today={today} />);
    expect(screen.getByText("March 2025")).toBeTruthy();
    const days = within(screen.getByRole("table")).getAllByRole("button");
    expect(days).toHaveLength(42);
    expect(days[0]?.getAttribute("data-date")).toBe("2025-02-24");
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "Mo",
      "Tu",
      "We",
      "Th",
      "Fr",
      "Sa",
      "Su",
    ]);
    const withDots = days.filter((d) => d.querySelector("[data-testid=event-dot]"));
    expect(withDots.map((d) => d.getAttribute("data-date"))).toEqual(["2025-03-14", "2025-04-02"]);
    expect(withDots[0]?.getAttribute("aria-label")).toMatch(/14 March 2025, 1 note$/);
  });

  it("moves between months", () => {
    render(<ClubCalendar events={events} onAddNote={vi.fn()} today={today} />);
    fireEvent.click(screen.getByRole("button", { name: "Next month" }));
    expect(screen.getByText("April 2025")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Previous month" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous month" }));
    expect(screen.getByText("February 2025")).toBeTruthy();
  });

  it("shows a day's notes on click and adds one; Add is disabled when blank", async () => {
    const onAddNote = vi.fn(async () => {});
    render(<ClubCalendar events={events} onAddNote={onAddNote} today={today} />);
    expect(screen.getByText("No notes for this day.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /14 March 2025/ }));
    expect(screen.getByRole("list", { name: /Notes for/ }).textContent).toContain("Blitz night");
    const add = screen.getByRole("button", { name: "Add" }) as HTMLButtonElement;
    const input = screen.getByLabelText("New note");
    expect(add.disabled).toBe(true);
    fireEvent.change(input, { target: { value: "   " } });
    expect(add.disabled).toBe(true);
    fireEvent.change(input, { target: { value: " Club match " } });
    await act(async () => fireEvent.click(add));
    expect(onAddNote).toHaveBeenCalledWith("2025-03-14", "Club match");
  });

  it("links a club arena to its tournament, and lets the administrator set one on a day", () => {
    const withArena = {
      items: [
        ...events.items,
        { id: 3, title: "Club Arena", event_date: "2025-03-14", author: "ann", tournamentId: "a7" },
      ],
    };
    render(
      <MemoryRouter>
        <ClubCalendar
          events={withArena}
          onAddNote={vi.fn()}
          today={today}
          adminOf={{ clubId: 4, clubName: "Knights" }}
        />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole("button", { name: /14 March 2025, 2 notes$/ }));
    expect(screen.getByRole("link", { name: "Arena Club Arena" }).getAttribute("href")).toBe("/tournament/a7");
    fireEvent.click(screen.getByRole("button", { name: "New club arena on this day" }));
    const dialog = screen.getByRole("dialog", { name: "New arena for Knights" });
    expect((within(dialog).getByLabelText("Starts at") as HTMLInputElement).value).toBe("2025-03-14T19:00");
    expect((within(dialog).getByLabelText("Club arena") as HTMLSelectElement).value).toBe("4");
  });

  it("offers no arena to a member, nor on a day gone by", () => {
    render(<ClubCalendar events={events} onAddNote={vi.fn()} today={today} />);
    expect(screen.queryByRole("button", { name: "New club arena on this day" })).toBeNull();
  });
});
