import { SESSION_HEADER } from "@chess/shared";
import { readSessionId } from "./session.ts";

/** A failed API call: `status` is the HTTP status (0 when no answer came), `message` is what the user sees. */
export class ApiRequestError extends Error {
  override readonly name = "ApiRequestError";
  constructor(
    readonly status: number,
    message: string,
    /** The server's machine-readable reason, e.g. "conflict", "rate_limited". */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** SPEC §8: the server's `message` field, else the error's own message, else "Failed". */
export function errorMessage(body: unknown, error?: unknown): string {
  const fromBody = stringField(body, "message");
  if (fromBody) return fromBody;
  if (error instanceof Error && error.message.trim()) return error.message;
  return "Failed";
}

/** SPEC §8: the server's `successMsg`, else "Success". */
export function successMessage(body: unknown): string {
  return stringField(body, "successMsg") ?? "Success";
}

function stringField(body: unknown, key: string): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === "string" && value.trim() ? value : undefined;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One call to our own backend: JSON in and out, cookies included, the stored session id sent as
 * `Session-ID`. Resolves with the parsed body; rejects with an ApiRequestError. `keepalive` lets the
 * request finish after the page is closed.
 */
export async function apiRequest<T>(
  method: Method,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  const sessionId = readSessionId();
  if (sessionId) headers[SESSION_HEADER] = sessionId;
  // No content-type without a body: the server refuses an empty JSON body.
  if (body !== undefined) headers["content-type"] = "application/json";

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: "include",
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      ...(keepalive ? { keepalive } : {}),
    });
  } catch (error) {
    throw new ApiRequestError(0, errorMessage(undefined, error));
  }

  const parsed = await readJson(response);
  if (!response.ok) {
    const fallback = new Error(`Request failed with status code ${response.status}`);
    throw new ApiRequestError(response.status, errorMessage(parsed, fallback), stringField(parsed, "code"));
  }
  return parsed as T;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Shorthands over apiRequest. */
export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>("GET", path, undefined, signal),
  post: <T>(path: string, body?: unknown, signal?: AbortSignal) => apiRequest<T>("POST", path, body, signal),
};

/** Builds `path?key=value&...`, skipping undefined values. */
export function withQuery(path: string, query: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Asked again after this long when the server was restarting: the next node, or this one, is up by then. */
export const RESTART_RETRY_MS = 3_000;
const RESTART_RETRIES = 5;

/**
 * A call that may outlast a deploy (a game's analysis can take a minute): when the server says it is
 * restarting, the proxy finds no node (502), or no answer comes, it is asked again a few times. The work
 * is not lost meanwhile: another node joins the same job, or the restarted one does it again.
 */
export async function retryingRestarts<T>(
  call: () => Promise<T>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const restarting =
        error instanceof ApiRequestError && (error.code === "restarting" || error.status === 0 || error.status === 502);
      if (!restarting || attempt >= RESTART_RETRIES) throw error;
      await wait(RESTART_RETRY_MS);
    }
  }
}
