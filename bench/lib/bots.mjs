// One bot process of the live-play benchmarks (bench/moves, bench/soak; an arena's players: arenaBots.mjs): sets
// up its share of games against the server (or the bare relay), plays scripted legal moves when told to go, and
// reports latency samples to the parent. Bots replay pre-computed games so that choosing a move costs nothing and the harness measures the server.
import { io } from "socket.io-client";
import { arenaMessage } from "./arenaBots.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let sockets = 0;
/**
 * Each socket names an address of its own (the bench server runs with TRUST_PROXY), as players behind a
 * proxy do: the per-address limits on offers and sessions then apply per simulated player.
 */
const addressHeaders = () => {
  sockets += 1;
  return { "x-forwarded-for": `10.${process.pid % 250}.${Math.floor(sockets / 250) % 250}.${sockets % 250}` };
};

function connect(url) {
  return new Promise((resolve, reject) => {
    const s = io(url, {
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
      extraHeaders: addressHeaders(),
    });
    const timer = setTimeout(() => reject(new Error("connect timeout")), 30_000);
    s.once("connect", () => {
      clearTimeout(timer);
      resolve(s);
    });
    s.once("connect_error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

async function inBatches(n, size, fn) {
  const out = [];
  for (let i = 0; i < n; i += size)
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, k) => fn(i + k)))));
  return out;
}

async function connectPair(url) {
  const [white, black] = await Promise.all([connect(url), connect(url)]);
  return { white, black, gameId: undefined };
}

async function joinRelay(p, i, tag) {
  p.gameId = `${tag}-${i}`;
  await Promise.all([
    p.white.timeout(20_000).emitWithAck("join", p.gameId),
    p.black.timeout(20_000).emitWithAck("join", p.gameId),
  ]);
}

/** The next `event` on `socket` that `accept` takes; rejects, naming what was missing, after `ms`. */
function eventWithin(socket, event, ms, what, accept = () => true) {
  return new Promise((resolve, reject) => {
    const on = (payload) => {
      if (!accept(payload)) return;
      clearTimeout(timer);
      socket.off(event, on);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      socket.off(event, on);
      reject(new Error(`no ${event} for ${what} within ${ms / 1000} s`));
    }, ms);
    socket.on(event, on);
  });
}

async function startServerGame(p) {
  const startedA = eventWithin(p.white, "gameStarted", 20_000, "white");
  const startedB = eventWithin(p.black, "gameStarted", 20_000, "black");
  // A refused offer or accept is this function's error; their waits must not also end the process unhandled.
  for (const started of [startedA, startedB]) started.catch(() => {});
  const offer = await p.white
    .timeout(20_000)
    .emitWithAck("createGameOffer", { baseTime: 10, increment: 0, selectedColor: "white" });
  if (!offer.ok) throw new Error(`createGameOffer refused: ${offer.message}`);
  // "Briefly unavailable" (storage slow or away) asks to try again in a moment, as a player would.
  let accepted;
  for (let tries = 0; tries < 5; tries++) {
    if (tries > 0) await new Promise((r) => setTimeout(r, 1_000));
    accepted = await p.black.timeout(20_000).emitWithAck("acceptGameOffer", { offerId: offer.data.offerId });
    if (accepted.ok || accepted.code !== "unavailable") break;
  }
  if (!accepted.ok) throw new Error(`acceptGameOffer refused: ${accepted.code} ${accepted.message}`);
  p.gameId = (await startedA).gameId;
  await startedB;
}

/**
 * Plays every pair from its script; only the receiving side of each move takes a sample. With
 * `gamePlies` [min, max], a game ends after that many plies (the side to move resigns) and the pair
 * starts another, as players do; otherwise a game lasts the run.
 */
async function drive(pairs, scripts, { paceMs, seconds, warmupMs, gamePlies, mode, timed: withTimes }) {
  const samples = [];
  const trace = [];
  /** With `timed`: each sample with the wall-clock time it arrived (epoch ms), to set beside other events. */
  const timed = [];
  let moves = 0;
  let errors = 0;
  let exhausted = 0;
  let gamesEnded = 0;
  /** Why pairs could not start their next game, with how many. */
  const stalls = new Map();
  /** Every game played, with the moves acknowledged in it. */
  const games = [];
  const started = performance.now();
  const measureFrom = started + warmupMs;
  const stopAt = measureFrom + seconds * 1000;
  let running = true;

  pairs.forEach((p, index) => {
    let script = scripts[index % scripts.length];
    let game = { gameId: p.gameId, acked: 0 };
    games.push(game);
    const lengthOf = () =>
      gamePlies ? gamePlies[0] + Math.floor(Math.random() * (gamePlies[1] - gamePlies[0] + 1)) : script.length;
    let length = lengthOf();
    let ply = 0;
    let sentAt = 0;
    const sockets = [p.white, p.black];
    const nextGame = async () => {
      const gameId = p.gameId;
      const over = Promise.all(
        sockets.map((s, side) =>
          eventWithin(s, "gameOver", 15_000, side === 0 ? "white" : "black", (g) => g.gameId === gameId),
        ),
      );
      over.catch(() => {});
      const ack = await sockets[ply % 2].timeout(15_000).emitWithAck("forfeit", { gameId });
      if (!ack.ok) throw new Error(`forfeit refused: ${ack.code} ${ack.message}`);
      await over;
      gamesEnded++;
      if (!running) return;
      await startServerGame(p);
      script = scripts[(index + gamesEnded) % scripts.length];
      game = { gameId: p.gameId, acked: 0 };
      games.push(game);
      length = lengthOf();
      ply = 0;
      setTimeout(moveNow, paceMs * (0.5 + Math.random()));
    };
    const moveNow = () => {
      if (!running) return;
      // The bare relay checks nothing, so its games never run out: a flat-out relay would finish a script
      // within the warm-up and measure nothing.
      if (ply >= length && mode !== "relay") {
        // A pair that cannot go on to its next game stops, and says why: the soak counts it as a stall.
        if (gamePlies)
          nextGame().catch((error) => {
            const reason = String(error?.message ?? error);
            stalls.set(reason, (stalls.get(reason) ?? 0) + 1);
          });
        else exhausted++;
        return;
      }
      const mover = sockets[ply % 2];
      const current = game;
      sentAt = performance.now();
      mover.emit("move", { gameId: p.gameId, move: script[ply % script.length], ply }, (ack) => {
        if (ack?.ok) current.acked++;
        else errors++;
      });
    };
    sockets.forEach((socket, side) => {
      socket.on("update", (u) => {
        // The mover's own echo is not a delivery: only the side that is to move next measures.
        if (u.gameId !== p.gameId || u.ply !== ply + 1 || side !== (ply + 1) % 2) return;
        const now = performance.now();
        if (now >= measureFrom && now <= stopAt) {
          samples.push(now - sentAt);
          if (process.env.BENCH_TRACE) trace.push([Math.round(now - measureFrom), now - sentAt]);
          if (withTimes) timed.push([Date.now(), now - sentAt]);
          moves++;
        }
        ply++;
        if (paceMs === 0) moveNow();
        else setTimeout(moveNow, paceMs * (0.5 + Math.random()));
      });
    });
    // Spread the first moves over one pace interval so the load is even.
    setTimeout(moveNow, Math.random() * Math.max(paceMs, 50));
  });
  await sleep(warmupMs + seconds * 1000);
  running = false;
  // Moves in flight are still acknowledged: wait for them so `acked` is complete.
  await sleep(2000);
  return {
    samples,
    moves,
    errors,
    exhausted,
    gamesEnded,
    stalls: [...stalls],
    trace,
    timed,
    acked: games,
  };
}

let pairs = [];
let scripts = [];
let mode = "server";
process.on("message", async (msg) => {
  try {
    if (await arenaMessage(msg)) return;
    if (msg.type === "connect") {
      scripts = msg.scripts;
      pairs = await inBatches(msg.games, 100, () => connectPair(msg.url));
      process.send({ type: "connected" });
    } else if (msg.type === "start") {
      mode = msg.mode;
      if (msg.mode === "relay") await inBatches(pairs.length, 100, (i) => joinRelay(pairs[i], i, msg.tag));
      else await inBatches(pairs.length, 25, (i) => startServerGame(pairs[i]));
      process.send({ type: "started" });
    } else if (msg.type === "go") {
      const result = await drive(pairs, scripts, { ...msg, mode });
      for (const p of pairs) {
        p.white.close();
        p.black.close();
      }
      // A report of a long run is megabytes: exit only once it has left, or the parent never hears it.
      process.send({ type: "done", ...result }, () => process.exit(0));
    }
  } catch (error) {
    process.send({ type: "error", message: String(error?.message ?? error) });
    process.exit(1);
  }
});
