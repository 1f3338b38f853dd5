import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ApiRequestError,
  api,
  errorMessage,
  RESTART_RETRY_MS,
  retryingRestarts,
  successMessage,
  withQuery,
} from "./api.ts";

describe("errorMessage (SPEC §8)", () => {
  it.each([
    [
      "the server's message wins",
      { message: "This username is already taken", code: "conflict" },
      new Error("x"),
      "This username is already taken",
    ],
    ["the error's message when the body has none", { code: "internal" }, new Error("Network down"), "Network down"],
    ["the error's message when there is no body", undefined, new Error("Failed to fetch"), "Failed to fetch"],
    ["a blank server message does not count", { message: "  " }, new Error("Network down"), "Network down"],
    ["a non-string server message does not count", { message: 42 }, undefined, "Failed"],
    ["Failed when nothing says more", undefined, undefined, "Failed"],
    ["Failed for a thrown non-error", "boom", "boom", "Failed"],
    ["Failed for an error without message", null, new Error(""), "Failed"],
  ])("%s", (_name, body, error, expected) => {
    expect(errorMessage(body, error)).toBe(expected);
  });
});

describe("successMessage (SPEC §8)", () => {
  it.each([
    [{ successMsg: "Account created" }, "Account created"],
    [{ successMsg: "" }, "Success"],
    [{}, "Success"],
    [undefined, "Success"],
  ])("%o → %s", (body, expected) => {
    expect(successMessage(body)).toBe(expected);
  });
});

describe("withQuery", () => {
  it("encodes values and skips undefined ones", () => {
    expect(withQuery("/leaderboard", { gameVariant: "standard", pageNo: 2, clubId: undefined })).toBe(
      "/leaderboard?gameVariant=standard&pageNo=2",
    );
    expect(withQuery("/club/users", { clubName: "A & B" })).toBe("/club/users?clubName=A+%26+B");
    expect(withQuery("/user", {})).toBe("/user");
  });
});

describe("apiRequest", () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock);
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    sessionStorage.clear();
  });

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

  it("posts JSON with credentials and the stored session id", async () => {
    sessionStorage.setItem("sessionId", "abc123");
    fetchMock.mockResolvedValue(json(200, { sessionId: "s2", username: "alice" }));

    await expect(api.post("/user/login", { username: "alice", password: "pw" })).resolves.toEqual({
      sessionId: "s2",
      username: "alice",
    });

    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe("/user/login");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("include");
    expect(init?.body).toBe(JSON.stringify({ username: "alice", password: "pw" }));
    const headers = init?.headers as Record<string, string>;
    expect(headers["session-id"]).toBe("abc123");
    expect(headers["content-type"]).toBe("application/json");
  });

  it("sends no body and no content type when there is no body, and no session header without a stored id", async () => {
    fetchMock.mockResolvedValue(json(200, { successMsg: "Logged out" }));
    await api.post("/user/logout");
    const init = fetchMock.mock.calls[0]?.[1];
    const headers = init?.headers as Record<string, string>;
    expect(init?.body).toBeUndefined();
    expect(headers["content-type"]).toBeUndefined();
    expect(headers["session-id"]).toBeUndefined();
  });

  it("rejects with the server's message, status and code", async () => {
    fetchMock.mockResolvedValue(json(409, { message: "This username is already taken", code: "conflict" }));
    const error = await api.post("/user/create", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 409, message: "This username is already taken", code: "conflict" });
  });

  it("falls back to the status when the error body is not JSON", async () => {
    fetchMock.mockResolvedValue(new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(api.get("/user")).rejects.toMatchObject({
      status: 502,
      message: "Request failed with status code 502",
    });
  });

  it("reports a network failure with status 0 and the error's message", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(api.get("/user")).rejects.toMatchObject({ status: 0, message: "Failed to fetch" });
  });

  it("resolves undefined for an empty success body", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.post("/user/logout")).resolves.toBeUndefined();
  });
});

describe("retryingRestarts", () => {
  const waits: number[] = [];
  const wait = async (ms: number) => {
    waits.push(ms);
  };
  beforeEach(() => {
    waits.length = 0;
  });

  it("asks again while the server restarts, then gives its answer", async () => {
    const answers = [
      new ApiRequestError(503, "The server is restarting - please try again", "restarting"),
      new ApiRequestError(502, "Request failed with status code 502"),
      new ApiRequestError(0, "Failed to fetch"),
    ];
    const call = vi.fn(async () => {
      const next = answers.shift();
      if (next) throw next;
      return "entries";
    });
    await expect(retryingRestarts(call, wait)).resolves.toBe("entries");
    expect(call).toHaveBeenCalledTimes(4);
    expect(waits).toEqual([RESTART_RETRY_MS, RESTART_RETRY_MS, RESTART_RETRY_MS]);
  });

  it("does not retry other failures", async () => {
    for (const error of [
      new ApiRequestError(503, "The analysis engines are busy - please try again in a minute", "busy"),
      new ApiRequestError(404, "Game not found", "analysis"),
      new Error("bug"),
    ]) {
      const call = vi.fn(() => Promise.reject(error));
      await expect(retryingRestarts(call, wait)).rejects.toBe(error);
      expect(call).toHaveBeenCalledTimes(1);
    }
    expect(waits).toEqual([]);
  });

  it("gives up after a few tries", async () => {
    const error = new ApiRequestError(503, "The server is restarting - please try again", "restarting");
    const call = vi.fn(() => Promise.reject(error));
    await expect(retryingRestarts(call, wait)).rejects.toBe(error);
    expect(call).toHaveBeenCalledTimes(6);
  });
});
