import { io, type Socket } from "socket.io-client";

/**
 * A client written from SPEC §7 alone, as a third party would write one: plain socket.io-client, events
 * emitted with the spec's payloads and never an acknowledgement callback, answers read from the events the
 * server sends. It imports nothing of ours, so it cannot lean on our additions by accident.
 */
export interface SpecClient {
  socket: Socket;
  /** From the `session {sessionId}` event (SPEC §4: "a session event stores the new id"). */
  sessionId: string;
  /** The login cookie, for the HTTP calls made "with credentials". */
  cookie?: string;
  /** Every event received so far, by name, oldest first. */
  received: Map<string, unknown[]>;
  /** The next event of that name (that `accept` takes), or a rejection naming what never came. */
  next<T = Record<string, unknown>>(event: string, accept?: (payload: T) => boolean, timeoutMs?: number): Promise<T>;
  /** The first event of that name received since connecting, waiting for it if none came yet. */
  first<T = Record<string, unknown>>(event: string, timeoutMs?: number): Promise<T>;
  /** Emits with no callback. */
  send(event: string, payload?: unknown): void;
  /** A call of SPEC §7 over HTTP, with the cookie. */
  call(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }>;
  close(): void;
}

export async function specClient(
  base: string,
  opts: { sessionId?: string; cookie?: string } = {},
): Promise<SpecClient> {
  const socket = io(base, {
    transports: ["websocket"],
    auth: opts.sessionId ? { sessionId: opts.sessionId } : {},
    extraHeaders: opts.cookie ? { cookie: opts.cookie } : {},
    reconnection: false,
    forceNew: true,
  });
  const received = new Map<string, unknown[]>();
  const waiters = new Set<{ event: string; take(payload: unknown): boolean }>();
  socket.onAny((event: string, payload: unknown) => {
    const list = received.get(event) ?? [];
    list.push(payload);
    received.set(event, list);
    for (const w of [...waiters]) if (w.event === event && w.take(payload)) waiters.delete(w);
  });
  const next: SpecClient["next"] = (event, accept = () => true, timeoutMs = 5_000) =>
    new Promise((resolve, reject) => {
      const waiter = {
        event,
        take(payload: unknown) {
          // biome-ignore lint/suspicious/noExplicitAny: the caller names the payload's type
          if (!accept(payload as any)) return false;
          clearTimeout(timer);
          // biome-ignore lint/suspicious/noExplicitAny: the caller names the payload's type
          resolve(payload as any);
          return true;
        },
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(
          new Error(
            `no ${event} within ${timeoutMs} ms (refused: ${JSON.stringify(received.get("eventRefused") ?? [])})`,
          ),
        );
      }, timeoutMs);
      waiters.add(waiter);
    });
  const { sessionId } = await new Promise<{ sessionId: string }>((resolve, reject) => {
    next<{ sessionId: string }>("session").then(resolve, reject);
    socket.once("connect_error", reject);
  });
  return {
    socket,
    sessionId,
    cookie: opts.cookie,
    received,
    next,
    first(event, timeoutMs) {
      const already = received.get(event);
      // biome-ignore lint/suspicious/noExplicitAny: the caller names the payload's type
      return already ? Promise.resolve(already[0] as any) : next(event, undefined, timeoutMs);
    },
    send(event, payload) {
      if (payload === undefined) socket.emit(event);
      else socket.emit(event, payload);
    },
    async call(method, path, body) {
      const headers: Record<string, string> = {};
      if (opts.cookie) headers.cookie = opts.cookie;
      if (body !== undefined) headers["content-type"] = "application/json";
      const res = await fetch(base + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, json: text ? JSON.parse(text) : {} };
    },
    close() {
      socket.close();
    },
  };
}

/** POST /user/create then POST /user/login, as SPEC §7 names them; the client connects with the session. */
export async function specAccount(base: string, username: string, password = "correct horse"): Promise<SpecClient> {
  const post = (path: string, body: unknown) =>
    fetch(base + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const created = await post("/user/create", { username, email: `${username.toLowerCase()}@example.com`, password });
  if (!created.ok) throw new Error(`create: ${created.status} ${await created.text()}`);
  const login = await post("/user/login", { username, password });
  const { sessionId } = (await login.json()) as { sessionId: string };
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  return specClient(base, { sessionId, cookie });
}
