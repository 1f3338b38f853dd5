import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The page's socket, reduced to its connected flag and the listeners of its changes.
const fake = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  const state = { connected: false };
  return {
    state,
    set(connected: boolean) {
      state.connected = connected;
      for (const l of listeners) l();
    },
    module: {
      isSocketConnected: () => state.connected,
      onConnectionChange: (l: () => void) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    },
  };
});
vi.mock("../lib/socket.ts", () => fake.module);

const { ConnectionBanner, connectionNotice, DROP_GRACE_MS, FIRST_CONNECT_GRACE_MS, RESTORED_MS } = await import(
  "./ConnectionBanner.tsx"
);

describe("connectionNotice", () => {
  const base = { connected: false, online: true, everConnected: true, downLongEnough: true, restored: false };
  it.each([
    [{ connected: true }, "none"],
    [{ connected: true, restored: true }, "restored"],
    [{ downLongEnough: false }, "none"],
    [{}, "reconnecting"],
    [{ everConnected: false }, "unreachable"],
    [{ online: false }, "offline"],
    [{ online: false, everConnected: false }, "offline"],
  ])("%o → %s", (change, notice) => {
    expect(connectionNotice({ ...base, ...change })).toBe(notice);
  });
});

describe("ConnectionBanner", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    fake.state.connected = true;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const banner = () => screen.getByTestId("connection-banner").textContent;

  it("says nothing while connected or for a short drop", () => {
    render(<ConnectionBanner />);
    expect(banner()).toBe("");
    act(() => fake.set(false));
    act(() => fake.set(true));
    act(() => vi.advanceTimersByTime(DROP_GRACE_MS * 2));
    expect(banner()).toBe("");
  });

  it("says it is reconnecting after a drop, then that it is back, then nothing", () => {
    render(<ConnectionBanner />);
    act(() => fake.set(false));
    act(() => vi.advanceTimersByTime(DROP_GRACE_MS));
    expect(banner()).toBe("Connection lost. Reconnecting…");
    act(() => fake.set(true));
    expect(banner()).toBe("Connected again.");
    act(() => vi.advanceTimersByTime(RESTORED_MS));
    expect(banner()).toBe("");
  });

  it("says the server cannot be reached when the first connection does not come", () => {
    fake.state.connected = false;
    render(<ConnectionBanner />);
    act(() => vi.advanceTimersByTime(FIRST_CONNECT_GRACE_MS - 1));
    expect(banner()).toBe("");
    act(() => vi.advanceTimersByTime(1));
    expect(banner()).toBe("Cannot reach the server. Retrying…");
  });

  it("says the browser is offline", () => {
    render(<ConnectionBanner />);
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    act(() => {
      fake.set(false);
      window.dispatchEvent(new Event("offline"));
    });
    act(() => vi.advanceTimersByTime(DROP_GRACE_MS));
    expect(banner()).toContain("You are offline.");
    onLine.mockRestore();
  });
});
