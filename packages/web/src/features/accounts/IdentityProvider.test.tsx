import type { SessionEvent } from "@chess/shared";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "../../lib/api.ts";
import { forgetSignedIn, mayBeSignedIn, rememberSignedIn } from "../../lib/session.ts";
import type { AccountsApi } from "./accountsApi.ts";
import { IdentityProvider, type IdentityRealtime, useIdentity } from "./IdentityProvider.tsx";

const notLoggedIn = () => new ApiRequestError(401, "User cannot be retrieved - no valid user is logged in");

function fakeClient(overrides: Partial<AccountsApi> = {}): AccountsApi {
  return {
    currentUser: vi.fn(async () => Promise.reject(notLoggedIn())),
    tempUsername: vi.fn(async () => ({ username: "Guest-4821" })),
    keepGuest: vi.fn(async () => ({ sessionId: "guest-session", username: "Guest-4821", isGuest: true })),
    login: vi.fn(async ({ username }) => ({ sessionId: "new-session", username })),
    logout: vi.fn(async () => ({ successMsg: "Logged out" })),
    createUser: vi.fn(async ({ username }) => ({ successMsg: "Account created", username })),
    changePassword: vi.fn(async () => ({ successMsg: "Your password has been changed" })),
    closeAccount: vi.fn(async () => ({ successMsg: "Your account is closed" })),
    ...overrides,
  };
}

function fakeRealtime() {
  let handler: ((event: SessionEvent) => void) | undefined;
  const realtime: IdentityRealtime = {
    onSession: (h) => {
      handler = h;
      return () => {
        handler = undefined;
      };
    },
    reconnect: vi.fn(),
  };
  const announce = (event: SessionEvent) => act(() => handler?.(event));
  return { realtime, announce };
}

let actions: ReturnType<typeof useIdentity> | undefined;
function Probe() {
  const value = useIdentity();
  actions = value;
  const { identity } = value;
  return <p data-testid="who">{identity.kind === "loading" ? "loading" : `${identity.kind}:${identity.username}`}</p>;
}
const who = () => screen.getByTestId("who").textContent;

function setup(client: AccountsApi, realtime: IdentityRealtime) {
  render(
    <IdentityProvider client={client} realtime={realtime}>
      <Probe />
    </IdentityProvider>,
  );
}

beforeEach(() => {
  sessionStorage.clear();
  forgetSignedIn();
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  forgetSignedIn();
  actions = undefined;
});

describe("IdentityProvider", () => {
  it("keeps a guest the socket names in the browser's cookie, once per guest, and never an account", async () => {
    const client = fakeClient();
    const { realtime, announce } = fakeRealtime();
    setup(client, realtime);
    announce({ sessionId: "g1", username: "Guest-1111", isGuest: true });
    announce({ sessionId: "g1", username: "Guest-1111", isGuest: true });
    expect(client.keepGuest).toHaveBeenCalledTimes(1);
    announce({ sessionId: "u1", username: "alice", isGuest: false });
    announce({ sessionId: "g2", username: "Guest-2222", isGuest: true });
    expect(client.keepGuest).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(who()).toBe("guest:Guest-2222"));
  });

  it("shows the logged-in user from GET /user", async () => {
    rememberSignedIn();
    const client = fakeClient({ currentUser: vi.fn(async () => ({ username: "alice", isLoggedIn: true })) });
    setup(client, fakeRealtime().realtime);
    expect(who()).toBe("loading");
    await waitFor(() => expect(who()).toBe("user:alice"));
    expect(client.tempUsername).not.toHaveBeenCalled();
  });

  it("asks for the guest name when GET /user fails and a session id is stored", async () => {
    rememberSignedIn();
    sessionStorage.setItem("sessionId", "guest-session");
    const client = fakeClient();
    setup(client, fakeRealtime().realtime);
    await waitFor(() => expect(who()).toBe("guest:Guest-4821"));
    expect(client.tempUsername).toHaveBeenCalledTimes(1);
    // Refused: this browser holds no login, and its next page does not ask again.
    expect(mayBeSignedIn()).toBe(false);
  });

  it("does not ask GET /user in a browser that never logged in: a guest's page logs no 401", async () => {
    const client = fakeClient();
    const { realtime, announce } = fakeRealtime();
    setup(client, realtime);
    await waitFor(() => expect(who()).toBe("guest:null"));
    announce({ sessionId: "s1", username: "Guest-1234", isGuest: true });
    expect(who()).toBe("guest:Guest-1234");
    // A guest's reload: the stored session id names the guest (SPEC §4), still without GET /user.
    cleanup();
    sessionStorage.setItem("sessionId", "s1");
    setup(client, fakeRealtime().realtime);
    await waitFor(() => expect(who()).toBe("guest:Guest-4821"));
    expect(client.currentUser).not.toHaveBeenCalled();
  });

  it("asks GET /user again once the socket names an account (a login cookie from before, another tab)", async () => {
    const client = fakeClient({ currentUser: vi.fn(async () => ({ username: "alice", isLoggedIn: true })) });
    const { realtime, announce } = fakeRealtime();
    setup(client, realtime);
    await waitFor(() => expect(who()).toBe("guest:null"));
    announce({ sessionId: "alice-session", username: "alice", isGuest: false });
    expect(who()).toBe("user:alice");
    expect(mayBeSignedIn()).toBe(true);
    await act(() => actions?.refresh());
    expect(client.currentUser).toHaveBeenCalledTimes(1);
  });

  it("waits for the socket's session event when no session id is stored", async () => {
    const client = fakeClient();
    const { realtime, announce } = fakeRealtime();
    setup(client, realtime);
    await waitFor(() => expect(who()).toBe("guest:null"));
    expect(client.tempUsername).not.toHaveBeenCalled();
    announce({ sessionId: "s1", username: "Guest-1234", isGuest: true });
    expect(who()).toBe("guest:Guest-1234");
  });

  it("logs in: stores the session id, reconnects the socket, becomes the user", async () => {
    let loggedIn = false;
    const client = fakeClient({
      currentUser: vi.fn(async () => {
        if (!loggedIn) throw notLoggedIn();
        return { username: "alice", isLoggedIn: true };
      }),
      login: vi.fn(async () => {
        loggedIn = true;
        return { sessionId: "alice-session", username: "alice" };
      }),
    });
    const { realtime } = fakeRealtime();
    setup(client, realtime);
    await waitFor(() => expect(who()).toBe("guest:null"));

    await act(() => actions?.login("alice", "correct horse"));

    expect(client.login).toHaveBeenCalledWith({ username: "alice", password: "correct horse" });
    expect(sessionStorage.getItem("sessionId")).toBe("alice-session");
    expect(mayBeSignedIn()).toBe(true);
    expect(realtime.reconnect).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(who()).toBe("user:alice"));
  });

  it("does not change anything when the login is refused", async () => {
    const client = fakeClient({
      login: vi.fn(async () => Promise.reject(new ApiRequestError(401, "Invalid username or password"))),
    });
    const { realtime } = fakeRealtime();
    setup(client, realtime);
    await waitFor(() => expect(who()).toBe("guest:null"));
    await expect(act(() => actions?.login("alice", "wrong"))).rejects.toThrow("Invalid username or password");
    expect(realtime.reconnect).not.toHaveBeenCalled();
    expect(sessionStorage.getItem("sessionId")).toBeNull();
    expect(who()).toBe("guest:null");
  });

  it("creates the account and then logs in with it", async () => {
    const client = fakeClient();
    setup(client, fakeRealtime().realtime);
    await act(() => actions?.createUser({ username: "bob", email: "bob@example.com", password: "correct horse" }));
    expect(client.createUser).toHaveBeenCalledWith({
      username: "bob",
      email: "bob@example.com",
      password: "correct horse",
    });
    expect(client.login).toHaveBeenCalledWith({ username: "bob", password: "correct horse" });
  });

  it("logs out: clears the session id, reconnects, and takes the new guest name from the socket", async () => {
    rememberSignedIn();
    sessionStorage.setItem("sessionId", "alice-session");
    const client = fakeClient({ currentUser: vi.fn(async () => ({ username: "alice", isLoggedIn: true })) });
    const { realtime, announce } = fakeRealtime();
    setup(client, realtime);
    await waitFor(() => expect(who()).toBe("user:alice"));

    await act(() => actions?.logout());

    expect(client.logout).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem("sessionId")).toBeNull();
    expect(realtime.reconnect).toHaveBeenCalledTimes(1);
    expect(who()).toBe("guest:null");
    expect(mayBeSignedIn()).toBe(false);
    announce({ sessionId: "fresh", username: "Guest-9999", isGuest: true });
    expect(who()).toBe("guest:Guest-9999");
  });

  it("closes the account: answers the server's words and goes on as a guest, as after a logout", async () => {
    rememberSignedIn();
    sessionStorage.setItem("sessionId", "alice-session");
    const client = fakeClient({ currentUser: vi.fn(async () => ({ username: "alice", isLoggedIn: true })) });
    const { realtime, announce } = fakeRealtime();
    setup(client, realtime);
    await waitFor(() => expect(who()).toBe("user:alice"));

    let answer: string | undefined;
    await act(async () => {
      answer = await actions?.closeAccount("correct horse");
    });

    expect(answer).toBe("Your account is closed");
    expect(client.closeAccount).toHaveBeenCalledWith({ password: "correct horse" });
    expect(client.logout).not.toHaveBeenCalled();
    expect(sessionStorage.getItem("sessionId")).toBeNull();
    expect(realtime.reconnect).toHaveBeenCalledTimes(1);
    expect(mayBeSignedIn()).toBe(false);
    expect(who()).toBe("guest:null");
    announce({ sessionId: "fresh", username: "Guest-1234", isGuest: true });
    expect(who()).toBe("guest:Guest-1234");
  });

  it("keeps the account when closing it is refused", async () => {
    rememberSignedIn();
    sessionStorage.setItem("sessionId", "alice-session");
    const refusal = new ApiRequestError(409, "Finish or resign your games first");
    const client = fakeClient({
      currentUser: vi.fn(async () => ({ username: "alice", isLoggedIn: true })),
      closeAccount: vi.fn(async () => Promise.reject(refusal)),
    });
    const { realtime } = fakeRealtime();
    setup(client, realtime);
    await waitFor(() => expect(who()).toBe("user:alice"));

    await act(async () => {
      await expect(actions?.closeAccount("correct horse")).rejects.toBe(refusal);
    });

    expect(who()).toBe("user:alice");
    expect(sessionStorage.getItem("sessionId")).toBe("alice-session");
    expect(realtime.reconnect).not.toHaveBeenCalled();
    expect(mayBeSignedIn()).toBe(true);
  });
});
