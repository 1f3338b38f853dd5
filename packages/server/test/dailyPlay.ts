import type { DailyGame } from "@chess/shared";
import { http, type TestSocket } from "./harness.ts";
import type { Player } from "./players.ts";

export const DAY = 86_400_000;

/** A move in UCI as the daily events take it. */
export const squares = (uci: string) => ({
  from: uci.slice(0, 2),
  to: uci.slice(2, 4),
  ...(uci.length > 4 ? { promotion: uci[4] } : {}),
});

export const as = (p: Pick<Player, "cookie">) => ({ cookie: p.cookie ?? "" });

type RawSocket = {
  emit(event: string, payload: unknown): void;
  timeout(ms: number): { emitWithAck(event: string, payload: unknown): Promise<unknown> };
};

/** Sends a client event without an acknowledgement, as a client written from PROTOCOL.md alone may. */
export const send = (socket: TestSocket, event: string, payload: unknown) =>
  (socket as unknown as RawSocket).emit(event, payload);

/** Sends a client event and waits for its acknowledgement. */
export const ask = (socket: TestSocket, event: string, payload: unknown) =>
  (socket as unknown as RawSocket).timeout(5000).emitWithAck(event, payload) as Promise<{ ok: boolean; code?: string }>;

/** `white` offers a daily game (as White), `black` accepts it over HTTP; returns the game id. */
export async function startDaily(
  base: string,
  white: Player,
  black: Player,
  offer: Record<string, unknown> = { days: 3 },
): Promise<string> {
  const made = await http(base, "POST", "/daily/offers", { headers: as(white), body: { color: "white", ...offer } });
  if (made.status !== 201) throw new Error(`offer refused: ${made.status} ${made.text}`);
  const taken = await http(base, "POST", `/daily/offers/${made.json.offerId}/accept`, { headers: as(black) });
  if (taken.status !== 200) throw new Error(`accept refused: ${taken.status} ${taken.text}`);
  return taken.json.gameId as string;
}

export async function dailyGame(base: string, gameId: string, viewer?: Player): Promise<DailyGame> {
  const res = await http(base, "GET", `/daily/game/${gameId}`, { headers: viewer ? as(viewer) : {} });
  if (res.status !== 200) throw new Error(`no game: ${res.status} ${res.text}`);
  return res.json as unknown as DailyGame;
}

/**
 * Plays UCI moves alternately from `startPly` over the socket without acknowledgements, as a client written
 * from PROTOCOL.md would: each move is seen by the other player as `dailyMoved`.
 */
export async function playDaily(white: Player, black: Player, gameId: string, moves: string[], startPly = 0) {
  for (const [i, uci] of moves.entries()) {
    const ply = startPly + i;
    const mover = ply % 2 === 0 ? white : black;
    const other = mover === white ? black : white;
    const seen = other.next("dailyMoved", 5000, (m) => m.gameId === gameId && m.ply === ply + 1);
    send(mover.socket, "dailyMove", { gameId, move: squares(uci), ply });
    await seen;
  }
}
