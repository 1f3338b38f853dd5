import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "../../lib/api.ts";
import { CreateArenaModal } from "./CreateArenaModal.tsx";
import { arenaSummary } from "./testArena.ts";
import { type TournamentsApi, tournamentsApi } from "./tournamentsApi.ts";

afterEach(cleanup);

function fakeApi(create: TournamentsApi["create"]): TournamentsApi {
  return {
    ...tournamentsApi,
    create: vi.fn(create),
    adminClubs: vi.fn(async () => [{ clubId: 7, clubName: "Knights" }]),
  };
}

describe("CreateArenaModal", () => {
  it("creates an arena with the chosen settings", async () => {
    const api = fakeApi(async () => arenaSummary({ id: "new1" }));
    const onCreated = vi.fn();
    render(<CreateArenaModal api={api} onClose={() => {}} onCreated={onCreated} />);
    fireEvent.change(screen.getByLabelText("Name (optional)"), { target: { value: "Evening Arena" } });
    fireEvent.change(screen.getByLabelText("Variant"), { target: { value: "fun" } });
    fireEvent.click(screen.getByLabelText("Rated"));
    fireEvent.click(screen.getByRole("button", { name: "Create arena" }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(api.create).toHaveBeenCalledWith(
      expect.objectContaining({ name: "Evening Arena", variant: "fun", rated: false, countdownMinutes: 5 }),
    );
  });

  it("offers a club arena for a club I run, which may repeat", async () => {
    const api = fakeApi(async () => arenaSummary());
    render(<CreateArenaModal api={api} onClose={() => {}} onCreated={() => {}} />);
    fireEvent.change(await screen.findByLabelText("Club arena"), { target: { value: "7" } });
    fireEvent.change(screen.getByLabelText("Repeats"), { target: { value: "weekly" } });
    fireEvent.click(screen.getByLabelText("Set a date (shown on the club's calendar)"));
    fireEvent.change(screen.getByLabelText("Starts at"), { target: { value: "2099-01-02T19:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Create arena" }));
    await vi.waitFor(() =>
      expect(api.create).toHaveBeenCalledWith(
        expect.objectContaining({ conditions: { clubId: 7 }, recurrence: "weekly" }),
      ),
    );
  });

  it("shows refusals by their field, the form's own and the server's", async () => {
    const api = fakeApi(async () => {
      throw new ApiRequestError(400, "Berserk needs some base time", "validation");
    });
    render(<CreateArenaModal api={api} onClose={() => {}} onCreated={() => {}} />);
    fireEvent.change(screen.getByLabelText("Duration (minutes)"), { target: { value: "10" } });
    fireEvent.click(screen.getByRole("button", { name: "Create arena" }));
    expect(screen.getByText("An arena lasts at least 20 minutes")).toBeTruthy();
    expect(screen.getByLabelText("Duration (minutes)").getAttribute("aria-invalid")).toBe("true");
    expect(api.create).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("Duration (minutes)"), { target: { value: "30" } });
    fireEvent.click(screen.getByRole("button", { name: "Create arena" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Berserk needs some base time");
  });
});
