import type { Browser, Page } from "@playwright/test";
import { io, type Socket } from "socket.io-client";
import { workerBaseURL } from "./servers.ts";

/** The server this worker's specs run against (globalSetup starts one per worker). */
export const baseURL = workerBaseURL;

/** A fresh username, e.g. "p1a2b3c4567"; with `length`, padded to exactly that many characters (a long name). */
export const unique = (prefix = "p", length?: number): string => {
  const tail = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return length ? `${prefix.padEnd(length - tail.length, "x")}${tail}`.slice(0, length) : `${prefix}${tail}`;
};

type Ack<T> = { ok: true; data?: T } | { ok: false; code: string; message: string };

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseURL()}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A new account, logged in: its name and session id (a name of `length` characters when given). */
export async function registeredUser(prefix = "p", length?: number): Promise<{ name: string; sessionId: string }> {
  const name = unique(prefix, length);
  await post("/user/create", { username: name, email: `${name}@example.com`, password: "a-good-password" });
  const { sessionId } = await post<{ sessionId: string }>("/user/login", {
    username: name,
    password: "a-good-password",
  });
  return { name, sessionId };
}

/** Another session of an existing account (another browser or device): its session id. */
export async function loginAgain(name: string): Promise<string> {
  const { sessionId } = await post<{ sessionId: string }>("/user/login", {
    username: name,
    password: "a-good-password",
  });
  return sessionId;
}

function connect(sessionId: string): Socket {
  return io(baseURL(), {
    transports: ["websocket"],
    auth: { sessionId },
    extraHeaders: { cookie: `sid=${sessionId}` },
  });
}

async function request<T>(socket: Socket, event: string, payload: unknown): Promise<T | undefined> {
  const answer = (await socket.timeout(10_000).emitWithAck(event, payload)) as Ack<T>;
  if (!answer.ok) throw new Error(`${event} refused: ${answer.message}`);
  return answer.data;
}

/**
 * White and Black (by session id) play `moves` (UCI) over the real socket, without the UI, in a game of
 * `baseTime` minutes; resolves with the game id.
 */
export async function playGame(white: string, black: string, moves: string[], baseTime = 5): Promise<string> {
  const [w, b] = [connect(white), connect(black)];
  try {
    const started = (s: Socket) => new Promise<{ gameId: string }>((resolve) => s.once("gameStarted", resolve));
    const [wStarted, bStarted] = [started(w), started(b)];
    const offer = await request<{ offerId: string }>(w, "createGameOffer", {
      baseTime,
      increment: 0,
      selectedColor: "white",
    });
    await request(b, "acceptGameOffer", { offerId: offer?.offerId });
    const { gameId } = await wStarted;
    await bStarted;
    for (const [ply, uci] of moves.entries()) {
      await request(ply % 2 === 0 ? w : b, "move", {
        gameId,
        move: { from: uci.slice(0, 2), to: uci.slice(2, 4) },
        ply,
      });
    }
    return gameId;
  } finally {
    w.close();
    b.close();
  }
}

/** A page in a new browser context, logged in when a session id is given; page errors are printed. */
export async function newPage(browser: Browser, sessionId?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL() });
  if (sessionId) await context.addCookies(loginCookies(sessionId));
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  return page;
}

/**
 * The cookies a login through the page leaves: the server's session cookie, and the page's note that this
 * browser is logged in (without it the page does not ask GET /user, and learns who it is from the socket).
 */
export function loginCookies(sessionId: string) {
  return [
    { name: "sid", value: sessionId, url: baseURL() },
    { name: "signedIn", value: "1", url: baseURL() },
  ];
}

/** An open lobby offer of `sessionId` (a `baseTime`+`increment` game), up while its socket is: `close` ends both. */
export async function lobbyOffer(sessionId: string, baseTime = 5, increment = 0) {
  const socket = connect(sessionId);
  const offer = await request<{ offerId: string }>(socket, "createGameOffer", {
    baseTime,
    increment,
    selectedColor: "random",
  });
  return { offerId: offer?.offerId, close: () => socket.close() };
}

/** A game between two sessions over the real socket, kept open so a spec can play the other side's moves. */
export interface SocketGame {
  gameId: string;
  /** Plays `uci` as the side to move at `ply` (White on even plies). */
  move(ply: number, uci: string): Promise<void>;
  /** Sends `event` {gameId} as `side`, e.g. ("b", "offerDraw"). */
  act(side: "w" | "b", event: string): Promise<void>;
  /** That side gives up; resolves once the game is over. */
  resign(color: "w" | "b"): Promise<void>;
  /** Hangs up: the game goes on (the players may be at the board in a browser now). */
  close(): void;
  /** Ends the game if it is still on (White gives up), then hangs up: a rated game left running leads TV. */
  end(): Promise<void>;
}

/** Starts a `baseTime`+`increment` game, White `white` and Black `black` (session ids), without the UI. */
export async function socketGame(white: string, black: string, baseTime = 5, increment = 0): Promise<SocketGame> {
  const [w, b] = [connect(white), connect(black)];
  const started = (s: Socket) => new Promise<{ gameId: string }>((resolve) => s.once("gameStarted", resolve));
  const [wStarted, bStarted] = [started(w), started(b)];
  const offer = await request<{ offerId: string }>(w, "createGameOffer", {
    baseTime,
    increment,
    selectedColor: "white",
  });
  await request(b, "acceptGameOffer", { offerId: offer?.offerId });
  const { gameId } = await wStarted;
  await bStarted;
  const hangUp = () => {
    w.close();
    b.close();
  };
  return {
    gameId,
    async move(ply, uci) {
      await request(ply % 2 === 0 ? w : b, "move", {
        gameId,
        move: { from: uci.slice(0, 2), to: uci.slice(2, 4) },
        ply,
      });
    },
    async act(side, event) {
      await request(side === "w" ? w : b, event, { gameId });
    },
    async resign(color) {
      await request(color === "w" ? w : b, "forfeit", { gameId });
    },
    close: hangUp,
    async end() {
      if (w.connected) await request(w, "forfeit", { gameId }).catch(() => {});
      hangUp();
    },
  };
}
