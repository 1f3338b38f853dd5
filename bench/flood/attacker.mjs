// bench/flood's attacker, in a process of its own at the lowest CPU priority: a real attacker's clients run on
// their own machines, so the CPU it takes to open thousands of sockets must not be counted as the server's
// harm to the other games (on this 2-core machine it would be). Run by run.mjs (fork); the url comes in argv,
// the figures go back over IPC, and each flood's start and end time too (epoch ms), to read the move trace by.
import { setPriority } from "node:os";
import { ask, connect } from "./clients.mjs";

setPriority(process.pid, 19);
const url = process.argv[2];
const phases = [];

/** The floods, one after another; returns what each got through. */
async function flood() {
  const out = {};
  // 1. One address opens 200 guest sockets, each offering 3 games.
  let t = Date.now();
  let began = t;
  const one = await Promise.all(Array.from({ length: 200 }, () => connect(url, "203.0.113.66")));
  const guests = one.filter((c) => c.ok).map((c) => c.socket);
  const offers = await Promise.all(
    guests.flatMap((s) => [1, 2, 3].map((k) => ask(s, "createGameOffer", { baseTime: k, increment: 0 }))),
  );
  out.oneAddress = {
    sockets: guests.length,
    refused: one.length - guests.length,
    offersTried: offers.length,
    offersOpen: offers.filter((a) => a.ok).length,
    ms: Date.now() - t,
  };
  // 2. 60 of those guests send 5 global-chat lines each.
  const chat = await Promise.all(
    guests
      .slice(0, 60)
      .flatMap((s, i) =>
        [0, 1, 2, 3, 4].map((k) =>
          ask(s, "chatMessage", { text: `spam ${i}.${k}`, chatType: "global", chatId: "global" }),
        ),
      ),
  );
  out.chat = { tried: chat.length, sent: chat.filter((a) => a.ok).length };
  phases.push({ name: "one address: 200 sockets, offers, chat", start: began, end: Date.now() });
  for (const s of guests) s.close();
  // 3. 200 guests from 200 addresses (a botnet) offer 3 games each, as fast as they can.
  t = Date.now();
  began = t;
  const many = await Promise.all(Array.from({ length: 200 }, (_, i) => connect(url, `192.0.2.${i % 250}`)));
  const bots = many.filter((c) => c.ok).map((c) => c.socket);
  const botOffers = await Promise.all(
    bots.flatMap((s) => [1, 2, 3].map((k) => ask(s, "createGameOffer", { baseTime: k, increment: 0 }))),
  );
  out.manyAddresses = {
    sockets: bots.length,
    offersTried: botOffers.length,
    offersAccepted: botOffers.filter((a) => a.ok).length,
    ms: Date.now() - t,
  };
  for (const s of bots) s.close();
  phases.push({ name: "200 addresses: 600 offers", start: began, end: Date.now() });
  // 4. A connection storm: 3,000 handshakes from one address in a few seconds.
  t = Date.now();
  const storm = [];
  for (let i = 0; i < 30; i++) {
    storm.push(...(await Promise.all(Array.from({ length: 100 }, () => connect(url, "203.0.113.77")))));
  }
  for (const c of storm) c.socket.close();
  phases.push({ name: "storm: 3,000 handshakes", start: t, end: Date.now() });
  out.storm = {
    tried: storm.length,
    sessions: storm.filter((c) => c.ok).length,
    // Refused by the per-address connection limit before the handshake: over websocket alone, a failed upgrade.
    refusedEarly: storm.filter((c) => c.reason === "websocket error").length,
    ms: Date.now() - t,
  };
  return out;
}

const out = await flood();
process.send({ out, phases }, () => process.exit(0));
