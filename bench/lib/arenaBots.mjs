// The arena players of one bot process (bench/lib/bots.mjs, bench/tournament/repair.ts): accounts, sockets that
// follow one arena, and games of two plies and a resignation, or (thinkMs > 0) games played by both sides, each
// move after a think, until White resigns. Off the server's process, so that what the bench
// times is the server's work. Times are absolute (performance.timeOrigin + now): a move sent in one bot process
// and received in another is timed by the parent, which joins the two.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { io } from "socket.io-client";

const now = () => performance.timeOrigin + performance.now();

let seats = [];
/** This process's own event-loop delay while the players play: a late timer or a late \`update\` here is the harness's, not the server's. */
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
let running = false;
const waits = [];
/** When each wait began (epoch ms): the parent shows where the long ones fall. */
const waitsAt = [];
/** [`gameId:ply`, time]: each move as its player sent it, and as its opponent received it. */
const sent = [];
const received = [];
let gameOvers = 0;
/** Joins answered "unavailable" and asked again. */
let retried = 0;
/** Why sockets were dropped (the server drops one whose pong is 5 s late), with how many. */
const drops = {};

async function post(url, path, body, headers) {
  const res = await fetch(url + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/** An account, logged in, with a socket that has its session; each player names an address of its own. */
async function seat(url, name, i) {
  const headers = { "x-forwarded-for": `10.${process.pid % 250}.${Math.floor(i / 250) % 250}.${i % 250}` };
  const made = await post(
    url,
    "/user/create",
    { username: name, email: `${name}@example.com`, password: "correct horse" },
    headers,
  );
  if (made.status >= 300) throw new Error(`signup of ${name} refused: ${made.status} ${JSON.stringify(made.json)}`);
  const login = await post(url, "/user/login", { username: name, password: "correct horse" }, headers);
  const sessionId = login.json.sessionId;
  if (typeof sessionId !== "string") throw new Error(`login of ${name} refused: ${login.status}`);
  const cookie = `sid=${sessionId}`;
  const socket = io(url, {
    transports: ["websocket"],
    auth: { sessionId },
    extraHeaders: { cookie, ...headers },
    forceNew: true,
  });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no session for ${name} within 30 s`)), 30_000);
    socket.once("session", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return { name, socket };
}

/** Which of the lines a game follows: the same in every bot process. */
function lineOf(gameId) {
  let h = 0;
  for (let i = 0; i < gameId.length; i++) h = (h * 31 + gameId.charCodeAt(i)) >>> 0;
  return h;
}

/**
 * Follows the arena and plays: White opens, Black answers, White resigns `holdMs` × 0.5-1.5 later (0: at once).
 * With `thinkMs` > 0 both sides play throughout, each move `thinkMs` × 0.5-1.5 after the opponent's (White's
 * first after the pairing), from one of `lines` (random legal games made by the parent: a bot computes nothing
 * per move, so that its own delays stay out of the figures), so every move of the game is timed; and from
 * their first game on they are on the game's page, as the web client is.
 */
function play(s, tournamentId, holdMs, thinkMs, lines) {
  let endedAt;
  // Thinking players do as the web client: the arena's page until their first game, then the game's page,
  // which follows the arena for pairing only (no standings) and opens the next game by itself.
  let gamePage = false;
  // A dropped socket comes back (socket.io reconnects it) and follows the arena again, as the page does.
  s.socket.on("disconnect", (reason) => {
    if (running) drops[reason] = (drops[reason] ?? 0) + 1;
  });
  s.socket.io.on("reconnect", () => {
    if (running) s.socket.emit("followArena", { tournamentId, ...(gamePage ? { pairingOnly: true } : {}) });
  });
  const move = (gameId, from, to, ply, promotion) => {
    sent.push([`${gameId}:${ply + 1}`, now()]);
    s.socket.emit("move", { gameId, move: promotion ? { from, to, promotion } : { from, to }, ply });
  };
  const think = () => thinkMs * (0.5 + Math.random());
  /** The game's next move from its line (both players find the same line by the game's id), after a think. */
  const playOn = (gameId, ply, over) => {
    setTimeout(() => {
      if (over() || !running) return;
      const line = lines[lineOf(gameId) % lines.length];
      const m = line?.[ply];
      if (m) move(gameId, m[0], m[1], ply, m[2]);
    }, think());
  };
  s.socket.on("arenaPaired", (p) => {
    if (endedAt !== undefined && running) {
      waits.push(Date.now() - endedAt);
      waitsAt.push(endedAt);
    }
    endedAt = undefined;
    if (!running) return;
    if (thinkMs > 0 && !gamePage) {
      gamePage = true;
      s.socket.emit("unfollowArena", { tournamentId });
      s.socket.emit("followArena", { tournamentId, pairingOnly: true });
    }
    let over = false;
    const isOver = () => over;
    const mine = (u) => (u.ply % 2 === 1) === (p.color === "b");
    // With thinking players even the first move comes after a think: at an arena's start every game begins at
    // once, and players do not all move in the same millisecond.
    if (p.color === "w" && thinkMs > 0) playOn(p.gameId, 0, isOver);
    else if (p.color === "w") move(p.gameId, "e2", "e4", 0);
    const onOver = (g) => {
      if (g.gameId !== p.gameId) return;
      over = true;
      s.socket.off("update", onUpdate);
      s.socket.off("gameOver", onOver);
    };
    const onUpdate = (u) => {
      if (u.gameId !== p.gameId) return;
      // The opponent's move, as this player receives it.
      if (mine(u) && (thinkMs > 0 || u.ply <= 2)) received.push([`${u.gameId}:${u.ply}`, now()]);
      if (thinkMs > 0) {
        if (u.ply === 2 && p.color === "w") {
          setTimeout(() => s.socket.emit("forfeit", { gameId: p.gameId }), holdMs * (0.5 + Math.random()));
        }
        if (mine(u)) playOn(p.gameId, u.ply, isOver);
        return;
      }
      if (p.color === "b" && u.ply === 1 && running) move(p.gameId, "e7", "e5", 1);
      if (p.color === "w" && u.ply === 2) {
        s.socket.off("update", onUpdate);
        setTimeout(() => s.socket.emit("forfeit", { gameId: p.gameId }), holdMs * (0.5 + Math.random()));
      }
      if (u.ply >= 2 && p.color === "b") s.socket.off("update", onUpdate);
    };
    s.socket.on("update", onUpdate);
    s.socket.on("gameOver", onOver);
  });
  s.socket.on("gameOver", () => {
    if (running) gameOvers++;
    endedAt = Date.now();
  });
}

/** Spectators on the arena's page (guests): how many standings each got, and the shortest gap between two. */
let watchers = [];
let watching = false;
const watched = { standings: 0, minGapMs: Number.POSITIVE_INFINITY };

async function watch(url, tournamentId) {
  const socket = io(url, { transports: ["websocket"], forceNew: true });
  let last = 0;
  socket.on("arenaStandings", () => {
    // Counted once every spectator follows: the answer to a follow is the standings as they are, whenever it comes.
    if (!watching) return;
    const at = Date.now();
    watched.standings++;
    if (last) watched.minGapMs = Math.min(watched.minGapMs, at - last);
    last = at;
  });
  const view = await socket.timeout(60_000).emitWithAck("followArena", { tournamentId });
  if (!view?.ok) throw new Error(`a spectator could not follow the arena: ${JSON.stringify(view)}`);
  return socket;
}

/** Handles an arena message from the parent; false if it is not one. */
export async function arenaMessage(msg) {
  if (msg.type === "arenaSeats") {
    for (let i = 0; i < msg.count; i += 10) {
      const batch = Array.from({ length: Math.min(10, msg.count - i) }, (_, k) =>
        seat(msg.url, `${msg.tag}${msg.offset + i + k}`, msg.offset + i + k),
      );
      seats.push(...(await Promise.all(batch)));
    }
    process.send({ type: "arenaSeated" });
  } else if (msg.type === "arenaJoin") {
    running = true;
    loopDelay.enable();
    for (const s of seats) play(s, msg.tournamentId, msg.holdMs, msg.thinkMs ?? 0, msg.lines ?? []);
    // A join the server answers "unavailable" (its database late, on a loaded machine) is asked again, as a page would.
    const join = async (s) => {
      for (let tries = 1; ; tries++) {
        const answer = await s.socket.timeout(60_000).emitWithAck("joinArena", { tournamentId: msg.tournamentId });
        // The join asked again may find the first one stored after all.
        if (tries > 1 && answer?.code === "already_joined") return { ok: true };
        if (answer?.ok || answer?.code !== "unavailable" || tries === 5) return answer;
        retried++;
        await new Promise((r) => setTimeout(r, 1000));
      }
    };
    const answers = await Promise.all(seats.map(join));
    const refused = answers.filter((a) => !a?.ok);
    if (refused.length) throw new Error(`${refused.length} joins refused: ${JSON.stringify(refused[0])}`);
    process.send({ type: "arenaJoined", retried });
  } else if (msg.type === "arenaWatch") {
    running = true;
    loopDelay.enable();
    for (let i = 0; i < msg.count; i += 20) {
      const batch = Array.from({ length: Math.min(20, msg.count - i) }, () => watch(msg.url, msg.tournamentId));
      watchers.push(...(await Promise.all(batch)));
    }
    watching = true;
    process.send({ type: "arenaWatching" });
  } else if (msg.type === "arenaStop") {
    running = false;
    for (const s of seats) s.socket.close();
    watching = false;
    for (const w of watchers) w.close();
    seats = [];
    watchers = [];
    loopDelay.disable();
    const delay = { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 };
    process.send({ type: "arenaDone", waits, waitsAt, sent, received, gameOvers, drops, delay, watched }, () =>
      process.exit(0),
    );
  } else return false;
  return true;
}
