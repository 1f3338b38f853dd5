import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The page's socket, reduced to its connected flag, the server's refusal and the listeners of their changes.
const fake = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  const state: { connected: boolean; refusal: string | undefined } = { connected: false, refusal: undefined };
  return {
    state,
    set(connected: boolean, refusal?: string) {
      state.connected = connected;
      state.refusal = refusal;
      for (const l of listeners) l();
    },
    module: {
      isSocketConnected: () => state.connected,
      connectionRefusal: () => state.refusal,
      onConnectionChange: (l: () => void) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    },
  };
});
vi.mock("../lib/socket.ts", () => fake.module);

const { ConnectionBanner, connectionNotice, DROP_GRACE_MS, FIRST_CONNECT_GRACE_MS, RESTORED_MS, refusalText } =
  await import("./ConnectionBanner.tsx");
const { GameConnectionNotice } = await import("../features/game/GameConnectionNotice.tsx");

const TOO_MANY = "Too many new connections from your address - wait a few seconds and try again";

describe("connectionNotice", () => {
  const base = {
    connected: false,
    online: true,
    everConnected: true,
    downLongEnough: true,
    restored: false,
    refused: false,
  };
  it.each([
    [{ connected: true }, "none"],
    [{ connected: true, restored: true }, "restored"],
    [{ downLongEnough: false }, "none"],
    [{}, "reconnecting"],
    [{ everConnected: false }, "unreachable"],
    [{ online: false }, "offline"],
    [{ online: false, everConnected: false }, "offline"],
    // The browser knows first: the socket still looks connected, or has just dropped.
    [{ online: false, connected: true }, "offline"],
    [{ online: false, downLongEnough: false }, "offline"],
    [{ refused: true }, "refused"],
    [{ refused: true, downLongEnough: false, everConnected: false }, "refused"],
    [{ refused: true, connected: true }, "none"],
  ])("%o → %s", (change, notice) => {
    expect(connectionNotice({ ...base, ...change })).toBe(notice);
  });
});

describe("refusalText", () => {
  it.each([
    [TOO_MANY, `${TOO_MANY}. Retrying…`],
    ["The site is briefly unavailable.", "The site is briefly unavailable. Retrying…"],
    [undefined, "The server refused the connection. Retrying…"],
  ])("%j → %j", (reason, text) => {
    expect(refusalText(reason)).toBe(text);
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

  it("says so at once when the network goes while the socket still looks connected", () => {
    act(() => fake.set(true));
    render(<ConnectionBanner />);
    expect(banner()).toBe("");
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event("offline"));
    });
    expect(banner()).toContain("You are offline.");
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(banner()).toContain("Connected again.");
    act(() => vi.advanceTimersByTime(RESTORED_MS));
    expect(banner()).toBe("");
    onLine.mockRestore();
  });
});

describe("a refused connection", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    fake.state.connected = false;
    fake.state.refusal = undefined;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const banner = () => screen.getByTestId("connection-banner").textContent;

  it("gives the server's reason at once, instead of the generic notice, then says it is back", () => {
    render(<ConnectionBanner />);
    act(() => fake.set(false, TOO_MANY));
    expect(banner()).toBe(`${TOO_MANY}. Retrying…`);
    // A later attempt that fails for no given reason falls back to the usual notice.
    act(() => fake.set(false, undefined));
    act(() => vi.advanceTimersByTime(FIRST_CONNECT_GRACE_MS));
    expect(banner()).toBe("Cannot reach the server. Retrying…");
    act(() => fake.set(false, "Too many new guest sessions from your address - log in, or try again later"));
    expect(banner()).toBe("Too many new guest sessions from your address - log in, or try again later. Retrying…");
    act(() => fake.set(true));
    expect(banner()).toBe("Connected again.");
  });

  it("gives the reason over the board too", () => {
    render(<GameConnectionNotice />);
    act(() => fake.set(false, TOO_MANY));
    const lines = [...screen.getByTestId("game-connection").querySelectorAll("p")].map((p) => p.textContent);
    expect(lines).toEqual(["The server refused the connection", `${TOO_MANY}. Retrying…`]);
  });
});
