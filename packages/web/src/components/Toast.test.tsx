import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider, useToasts } from "./Toast.tsx";
import type { ToastInput } from "./toastStore.ts";

afterEach(cleanup);

function Shower({ input }: { input: ToastInput }) {
  const toasts = useToasts();
  return (
    <button type="button" onClick={() => toasts.show(input)}>
      show
    </button>
  );
}

function setup(input: ToastInput) {
  render(
    <ToastProvider>
      <Shower input={input} />
    </ToastProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "show" }));
}

describe("Toast", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    return () => vi.useRealTimers();
  });

  it("shows a status toast that leaves after its time", () => {
    setup({ title: "Friend request", body: "ann wants to be your friend.", durationMs: 1000 });
    const toast = screen.getByRole("status", { name: "Friend request" });
    expect(toast.textContent).toContain("ann wants to be your friend.");
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByRole("status", { name: "Friend request" })).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole("status", { name: "Friend request" })).toBeNull();
  });

  it("gives a toast replaced under its id its full time again", () => {
    // A friend's second message replaces the first one's toast: it must not leave on the first one's clock.
    const input = { id: "friend-message-ann", title: "Message from ann", body: "one", durationMs: 1000 };
    render(
      <ToastProvider>
        <Shower input={input} />
        <Shower input={{ ...input, body: "two" }} />
      </ToastProvider>,
    );
    const [first, second] = screen.getAllByRole("button", { name: "show" });
    fireEvent.click(first as HTMLElement);
    act(() => vi.advanceTimersByTime(900));
    fireEvent.click(second as HTMLElement);
    act(() => vi.advanceTimersByTime(900));
    expect(screen.getByRole("status", { name: "Message from ann" }).textContent).toContain("two");
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByRole("status", { name: "Message from ann" })).toBeNull();
  });

  it("keeps a toast's clock running while another toast arrives", () => {
    render(
      <ToastProvider>
        <Shower input={{ id: "a", title: "First", durationMs: 1000 }} />
        <Shower input={{ id: "b", title: "Second", durationMs: 1000 }} />
      </ToastProvider>,
    );
    const [first, second] = screen.getAllByRole("button", { name: "show" });
    fireEvent.click(first as HTMLElement);
    act(() => vi.advanceTimersByTime(600));
    fireEvent.click(second as HTMLElement);
    act(() => vi.advanceTimersByTime(400));
    expect(screen.queryByRole("status", { name: "First" })).toBeNull();
    expect(screen.getByRole("status", { name: "Second" })).not.toBeNull();
  });

  it("shows a prompt as an alertdialog that stays until answered", () => {
    const accept = vi.fn();
    setup({ title: "Accept challenge?", prompt: true, actions: [{ label: "Accept", onAction: accept }] });
    const prompt = screen.getByRole("alertdialog", { name: "Accept challenge?" });
    act(() => vi.advanceTimersByTime(60_000));
    expect(prompt.isConnected).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect(accept).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("closes with Dismiss", () => {
    setup({ title: "Hello" });
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("status", { name: "Hello" })).toBeNull();
  });

  it("does nothing outside a provider", () => {
    render(<Shower input={{ title: "lost" }} />);
    fireEvent.click(screen.getByRole("button", { name: "show" }));
    expect(screen.queryByText("lost")).toBeNull();
  });
});
