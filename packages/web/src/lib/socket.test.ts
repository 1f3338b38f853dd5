import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// A stand-in for socket.io-client's socket: records handlers and calls, sends nothing.
const fake = vi.hoisted(() => {
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  const socket = {
    connected: false,
    active: false,
    on: vi.fn((event: string, handler: (...args: unknown[]) => void) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)?.add(handler);
      return socket;
    }),
    off: vi.fn((event: string, handler: (...args: unknown[]) => void) => {
      handlers.get(event)?.delete(handler);
      return socket;
    }),
    connect: vi.fn(() => socket),
    disconnect: vi.fn(() => socket),
    emit: vi.fn(() => socket),
  };
  const emit = (event: string, ...args: unknown[]) => {
    for (const handler of handlers.get(event) ?? []) handler(...args);
  };
  return { socket, handlers, emit, io: vi.fn((_options: unknown) => socket) };
});

vi.mock("socket.io-client", () => ({ io: fake.io }));

const {
  connectionRefusal,
  getSocket,
  isSocketConnected,
  onConnectionChange,
  onSocketEvent,
  REFUSED_RETRY_FIRST_MS,
  REFUSED_RETRY_MAX_MS,
  reconnectSocket,
  resetSocketForTests,
  showBoard,
} = await import("./socket.ts");

beforeEach(() => {
  sessionStorage.clear();
  fake.handlers.clear();
  fake.io.mockClear();
  fake.socket.connected = false;
  fake.socket.active = false;
  resetSocketForTests();
  vi.clearAllMocks();
});
afterEach(() => {
  resetSocketForTests();
  vi.useRealTimers();
});

describe("socket", () => {
  it("creates one connection, lazily, with credentials", () => {
    expect(fake.io).not.toHaveBeenCalled();
    const a = getSocket();
    const b = getSocket();
    expect(a).toBe(b);
    expect(fake.io).toHaveBeenCalledTimes(1);
    expect(fake.io.mock.calls[0]?.[0]).toMatchObject({ withCredentials: true });
  });

  it("authenticates with the session id stored at (re)connect time", () => {
    getSocket();
    const options = fake.io.mock.calls[0]?.[0] as { auth: (cb: (data: object) => void) => void };
    const seen: object[] = [];
    options.auth((data) => seen.push(data));
    sessionStorage.setItem("sessionId", "abc");
    options.auth((data) => seen.push(data));
    expect(seen).toEqual([
      { sessionId: undefined, board: null },
      { sessionId: "abc", board: null },
    ]);
  });

  it("says which board the tab shows: in the handshake, then once per settled change while connected", async () => {
    getSocket();
    const options = fake.io.mock.calls[0]?.[0] as { auth: (cb: (data: object) => void) => void };
    const auth = () => {
      let sent: object = {};
      options.auth((data) => {
        sent = data;
      });
      return sent;
    };
    const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));
    showBoard("g1");
    await settle();
    expect(fake.socket.emit).not.toHaveBeenCalled();
    expect(auth()).toMatchObject({ board: "g1" });
    fake.socket.connected = true;
    fake.emit("connect");
    expect(fake.socket.emit).not.toHaveBeenCalled();
    // One game page replaced by the next (a rematch) is one change, not a departure and a return.
    showBoard(null);
    showBoard("g2");
    await settle();
    expect(fake.socket.emit.mock.calls).toEqual([["board", { gameId: "g2" }]]);
    showBoard(null);
    await settle();
    expect(fake.socket.emit.mock.calls.at(-1)).toEqual(["board", { gameId: null }]);
    // Changed while the handshake was on its way: told once connected.
    fake.socket.connected = false;
    auth();
    showBoard("g3");
    await settle();
    fake.socket.connected = true;
    fake.emit("connect");
    expect(fake.socket.emit.mock.calls.at(-1)).toEqual(["board", { gameId: "g3" }]);
    expect(fake.socket.emit).toHaveBeenCalledTimes(3);
  });

  it("stores the session id the server announces", () => {
    getSocket();
    fake.emit("session", { sessionId: "s-42", username: "Guest-4242", isGuest: true });
    expect(sessionStorage.getItem("sessionId")).toBe("s-42");
  });

  it("lets features register and remove their handlers", () => {
    const seen: unknown[] = [];
    const off = onSocketEvent("session", (event) => seen.push(event.username));
    fake.emit("session", { sessionId: "1", username: "Guest-1111", isGuest: true });
    off();
    fake.emit("session", { sessionId: "2", username: "Guest-2222", isGuest: true });
    expect(seen).toEqual(["Guest-1111"]);
  });

  it("reconnect() drops and reopens the connection", () => {
    reconnectSocket();
    expect(fake.socket.disconnect).toHaveBeenCalledTimes(1);
    expect(fake.socket.connect).toHaveBeenCalledTimes(1);
    expect(fake.socket.disconnect.mock.invocationCallOrder[0]).toBeLessThan(
      fake.socket.connect.mock.invocationCallOrder[0] ?? 0,
    );
  });

  it("reconnects after the server ended the connection, but not after a client-side disconnect", () => {
    vi.useFakeTimers();
    getSocket();
    fake.emit("disconnect", "io client disconnect");
    vi.runAllTimers();
    expect(fake.socket.connect).not.toHaveBeenCalled();
    fake.emit("disconnect", "io server disconnect");
    vi.runAllTimers();
    expect(fake.socket.connect).toHaveBeenCalledTimes(1);
  });

  it("says goodbye when the page goes, and connects again when it comes back from the back/forward cache", () => {
    getSocket();
    fake.socket.connected = true;
    // The test DOM's PageTransitionEvent drops `persisted`: an event that carries it.
    const transition = (type: string, persisted: boolean) => Object.assign(new Event(type), { persisted });
    window.dispatchEvent(transition("pagehide", true));
    expect(fake.socket.disconnect).toHaveBeenCalledTimes(1);
    fake.socket.connected = false;
    window.dispatchEvent(transition("pageshow", false));
    expect(fake.socket.connect).not.toHaveBeenCalled();
    window.dispatchEvent(transition("pageshow", true));
    expect(fake.socket.connect).toHaveBeenCalledTimes(1);
  });

  it("reports the connection opening and dropping until told to stop", () => {
    const seen: boolean[] = [];
    const off = onConnectionChange(() => seen.push(isSocketConnected()));
    fake.socket.connected = true;
    fake.emit("connect");
    fake.socket.connected = false;
    fake.emit("disconnect", "transport close");
    off();
    fake.emit("connect");
    expect(seen).toEqual([true, false]);
  });

  it("keeps the reason of a refusal before the handshake, and leaves the retrying to socket.io-client", () => {
    vi.useFakeTimers();
    const changes: Array<string | undefined> = [];
    onConnectionChange(() => changes.push(connectionRefusal()));
    fake.socket.active = true;
    const message = "Too many new connections from your address - wait a few seconds and try again";
    const refused = Object.assign(new Error("xhr poll error"), {
      description: 403,
      context: { responseText: JSON.stringify({ code: 4, message }) },
    });
    fake.emit("connect_error", refused);
    expect(connectionRefusal()).toBe(message);
    vi.runAllTimers();
    expect(fake.socket.connect).not.toHaveBeenCalled();
    // A failure with no reason given forgets the old one; a connection forgets any.
    fake.emit("connect_error", new Error("timeout"));
    fake.emit("connect_error", refused);
    fake.socket.connected = true;
    fake.emit("connect");
    expect(changes).toEqual([message, undefined, message, undefined]);
  });

  it("retries a refusal in the handshake itself, waiting longer each time, and starts over after a connection", () => {
    vi.useFakeTimers();
    const random = vi.spyOn(Math, "random").mockReturnValue(0.5);
    getSocket();
    const reason = "Too many new guest sessions from your address - log in, or try again later";
    const refuseAndWait = () => {
      fake.emit("connect_error", new Error(reason));
      const before = fake.socket.connect.mock.calls.length;
      let waited = 0;
      while (fake.socket.connect.mock.calls.length === before && waited <= REFUSED_RETRY_MAX_MS * 2) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      return waited;
    };
    const waits = [1, 2, 3, 4, 5, 6].map(refuseAndWait);
    expect(connectionRefusal()).toBe(reason);
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(REFUSED_RETRY_FIRST_MS).toBe(waits[0]);

    fake.socket.connected = true;
    fake.emit("connect");
    expect(connectionRefusal()).toBeUndefined();
    fake.socket.connected = false;
    expect(refuseAndWait()).toBe(REFUSED_RETRY_FIRST_MS);
    random.mockRestore();
  });

  it("does not retry a refusal if the page already connects again (after a login)", () => {
    vi.useFakeTimers();
    getSocket();
    fake.emit("connect_error", new Error("Too many new guest sessions from your address - log in, or try again later"));
    fake.socket.active = true;
    vi.runAllTimers();
    expect(fake.socket.connect).not.toHaveBeenCalled();
  });
});
