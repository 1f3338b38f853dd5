import type { GameOver, GameStarted, GameUpdate, ServerToClientEvents } from "@chess/shared";
import { connect, signupAndLogin, type TestSocket } from "./harness.ts";

let counter = 0;
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-4)}${counter++}`;

export interface Player {
  name: string;
  sessionId: string;
  socket: TestSocket;
  cookie?: string;
  /** Resolves with the next event of that name (that `accept` takes, when given). */
  next<E extends keyof ServerToClientEvents>(
    event: E,
    timeoutMs?: number,
    accept?: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean,
  ): Promise<Parameters<ServerToClientEvents[E]>[0]>;
  emit<T = unknown>(
    event: string,
    payload?: unknown,
    timeoutMs?: number,
  ): Promise<{ ok: boolean; code?: string; message?: string; data?: T }>;
  /** Every event of that name received so far. */
  seen: Map<string, unknown[]>;
}

function wrap(socket: TestSocket, name: string, sessionId: string, cookie?: string): Player {
  const seen = new Map<string, unknown[]>();
  socket.onAny((event: string, payload: unknown) => {
    const list = seen.get(event) ?? [];
    list.push(payload);
    seen.set(event, list);
  });
  return {
    name,
    sessionId,
    socket,
    cookie,
    seen,
    next(event, timeoutMs = 5000, accept = () => true) {
      return new Promise((resolve, reject) => {
        // biome-ignore lint/suspicious/noExplicitAny: test helper over typed events
        const s = socket as any;
        // biome-ignore lint/suspicious/noExplicitAny: test helper over typed events
        const listener = (payload: any) => {
          if (!accept(payload)) return;
          clearTimeout(timer);
          s.off(event, listener);
          resolve(payload);
        };
        const timer = setTimeout(() => {
          s.off(event, listener);
          reject(new Error(`${name}: no ${String(event)} within ${timeoutMs} ms`));
        }, timeoutMs);
        s.on(event, listener);
      });
    },
    emit(event, payload, timeoutMs = 5000) {
      // biome-ignore lint/suspicious/noExplicitAny: test helper sends raw, possibly invalid payloads
      const s = socket.timeout(timeoutMs) as any;
      return payload === undefined ? s.emitWithAck(event) : s.emitWithAck(event, payload);
    },
  };
}

export async function guest(base: string, opts: Parameters<typeof connect>[1] = {}): Promise<Player> {
  const { socket, session } = await connect(base, opts);
  return wrap(socket, session.username, session.sessionId);
}

export async function registered(base: string, prefix = "p"): Promise<Player> {
  const name = uniqueName(prefix);
  const { sessionId, cookie } = await signupAndLogin(base, name);
  const { socket } = await connect(base, { sessionId, cookie });
  return wrap(socket, name, sessionId, cookie);
}

/** Reconnects a player with the same session (a reload). */
export async function reconnect(base: string, p: Player): Promise<Player> {
  p.socket.close();
  const { socket } = await connect(base, { sessionId: p.sessionId, ...(p.cookie ? { cookie: p.cookie } : {}) });
  return wrap(socket, p.name, p.sessionId, p.cookie);
}

/** A creates an offer, B accepts; both receive gameStarted. Returns [white, black, game as white sees it]. */
export async function startGame(
  a: Player,
  b: Player,
  offer: Record<string, unknown> = { baseTime: 5, increment: 3, variant: "standard", selectedColor: "white" },
): Promise<{ white: Player; black: Player; game: GameStarted; blackView: GameStarted }> {
  const created = await a.emit<{ offerId: string }>("createGameOffer", offer);
  if (!created.ok || !created.data) throw new Error(`offer failed: ${created.message}`);
  const aStarted = a.next("gameStarted");
  const bStarted = b.next("gameStarted");
  const accepted = await b.emit("acceptGameOffer", { offerId: created.data.offerId });
  if (!accepted.ok) throw new Error(`accept failed: ${accepted.message}`);
  const [ga, gb] = await Promise.all([aStarted, bStarted]);
  return ga.isWhite ? { white: a, black: b, game: ga, blackView: gb } : { white: b, black: a, game: gb, blackView: ga };
}

const squares = (uci: string) => ({
  from: uci.slice(0, 2),
  to: uci.slice(2, 4),
  ...(uci.length > 4 ? { promotion: uci[4] } : {}),
});

/** Plays UCI moves alternately from `startPly`, waiting for each update to reach the other side. */
export async function play(
  white: Player,
  black: Player,
  gameId: string,
  moves: string[],
  startPly = 0,
): Promise<GameUpdate[]> {
  const updates: GameUpdate[] = [];
  for (let i = 0; i < moves.length; i++) {
    const ply = startPly + i;
    const mover = ply % 2 === 0 ? white : black;
    const other = mover === white ? black : white;
    // An echo of an earlier move may still be on its way (with a Redis adapter it can trail the ack).
    const update = other.next("update", 5000, (u) => u.ply === ply + 1);
    const ack = await mover.emit("move", { gameId, move: squares(moves[i] as string), ply });
    if (!ack.ok) throw new Error(`move ${moves[i]} refused: ${ack.message}`);
    updates.push(await update);
  }
  return updates;
}

export async function expectOver(p: Player): Promise<GameOver> {
  return p.next("gameOver");
}
