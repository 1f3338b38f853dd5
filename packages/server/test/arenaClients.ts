import { connect, signupAndLogin } from "./harness.ts";

// Players of arena tests that kill or restart nodes: real sockets that keep every event they are sent.

export async function until<T>(what: string, get: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await get().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** An account signed up and logged in (or its session again), its socket on `url`; `seen` keeps every event by name. */
export async function account(url: string, name: string, sessionId?: string, cookie?: string) {
  const login = sessionId && cookie ? { sessionId, cookie } : await signupAndLogin(url, name);
  const { socket } = await connect(url, login);
  const seen = new Map<string, unknown[]>();
  socket.onAny((event: string, payload: unknown) => seen.set(event, [...(seen.get(event) ?? []), payload]));
  const emit = (event: string, payload: unknown, ms = 4_000) =>
    (socket.timeout(ms) as unknown as { emitWithAck(e: string, p: unknown): Promise<Record<string, unknown>> })
      .emitWithAck(event, payload)
      .catch((): Record<string, unknown> => ({ ok: false, code: "timeout" }));
  return { name, ...login, socket, seen, emit } as const;
}
export type Account = Awaited<ReturnType<typeof account>>;

const squares = (uci: string) => ({ from: uci.slice(0, 2), to: uci.slice(2, 4) });

/** Sends a move until it is accepted ("unavailable" while the game changes node or the node restarts). */
export async function moveUntilAccepted(p: Account, gameId: string, uci: string, ply: number) {
  await until(`${p.name} ${uci}`, async () => {
    const ack = await p.emit("move", { gameId, move: squares(uci), ply });
    if (ack.ok) return true;
    if (ack.code !== "unavailable" && ack.code !== "timeout") throw new Error(`${uci}: ${String(ack.message)}`);
    return undefined;
  });
}
